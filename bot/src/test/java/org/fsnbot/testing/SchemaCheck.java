package org.fsnbot.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A JSON Schema (2020-12) from a file, and what a document breaks of it, as readable lines. */
public final class SchemaCheck {

    private final Schema schema;

    private SchemaCheck(Schema schema) {
        this.schema = schema;
    }

    /** docs/<name> of the project (tests run in bot/). */
    public static SchemaCheck docs(String name) throws IOException {
        return of(Path.of("..", "docs", name));
    }

    /**
     * KCIDB's schema as kcidb-io publishes it (Draft-07), checked as
     * kcidb-io checks its own documents: formats asserted (uri, date-time),
     * an "email" (a message-id) as Python jsonschema's format checker has
     * it, a string with an @ (networknt would also ask for a top-level
     * domain IANA lists, which a message-id need not have).
     */
    public static SchemaCheck kcidb(Path file) throws IOException {
        JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        ecmaNul(doc);
        emailAsKcidbChecksIt(doc);
        return new SchemaCheck(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7,
                b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()))
                .getSchema(doc.toString()));
    }

    /**
     * JSON Schema's patterns are ECMA-262, where \0 is the NUL character;
     * java.util.regex reads \0 as the start of an octal escape and refuses
     * it. Every pattern's \0 not followed by a digit becomes \x00, the
     * same character in Java's syntax; nothing else of the schema changes.
     */
    private static void emailAsKcidbChecksIt(JsonNode n) {
        if (n instanceof com.fasterxml.jackson.databind.node.ObjectNode o && o.path("format").asText().equals("email")) {
            o.remove("format");
            o.put("pattern", "@");
        }
        n.forEach(SchemaCheck::emailAsKcidbChecksIt);
    }

    private static void ecmaNul(JsonNode n) {
        if (n instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            JsonNode p = o.get("pattern");
            if (p != null && p.isTextual()) {
                o.put("pattern", p.asText().replaceAll("\\\\0(?![0-9])", "\\\\x00"));
            }
        }
        n.forEach(SchemaCheck::ecmaNul);
    }

    public static SchemaCheck of(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new SchemaCheck(SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(in));
        }
    }

    public List<String> errors(JsonNode document) {
        return schema.validate(document).stream().map(Error::toString).toList();
    }
}
