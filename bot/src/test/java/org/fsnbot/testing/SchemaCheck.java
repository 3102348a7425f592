package org.fsnbot.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
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
