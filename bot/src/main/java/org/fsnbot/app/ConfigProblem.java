package org.fsnbot.app;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.List;
import java.util.stream.Collectors;
import org.fsnbot.plan.NearestName;

/**
 * What is wrong with a configuration file, in the operator's words rather
 * than Jackson's (which names Java classes and fields): where, which key,
 * what it wants, and for a mistyped key the nearest one there is.
 */
final class ConfigProblem {

    private ConfigProblem() {
    }

    /** The file could not be read as YAML at all. */
    static String notYaml(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return "not YAML" + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr()) + ": "
                + firstLine(e.getOriginalMessage());
    }

    /** The YAML was read, but a key or a value is not what fsnbot takes. */
    static String of(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known = u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
            String key = u.getPropertyName();
            return "unknown key '" + path(u) + "'" + NearestName.hint(key, known) + "; "
                    + (parent(u).isEmpty() ? "the top level has " : parent(u) + " has ") + String.join(", ", known);
        }
        if (e instanceof InvalidFormatException f && f.getTargetType() != null) {
            return "'" + path(f) + "' wants " + wanted(f.getTargetType()) + ", not '" + f.getValue() + "'";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "'" + path(m) + "' wants " + wanted(m.getTargetType());
        }
        return firstLine(e.getOriginalMessage());
    }

    private static String wanted(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a mapping of keys";
    }

    /** The key's dotted path from the top of the file (runner.maxCpuPressurePct, inboxes[0].url). */
    private static String path(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String parent(JsonMappingException e) {
        List<JsonMappingException.Reference> refs = e.getPath();
        return refs.subList(0, Math.max(0, refs.size() - 1)).stream().map(r -> r.getFieldName() != null
                ? r.getFieldName() : "[" + r.getIndex() + "]").collect(Collectors.joining(".")).replace(".[", "[");
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("").trim();
    }
}
