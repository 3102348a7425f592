package org.fsnbot.report;

import io.pebbletemplates.pebble.extension.AbstractExtension;
import io.pebbletemplates.pebble.extension.Filter;
import io.pebbletemplates.pebble.template.EvaluationContext;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The two text shapes the templates need that Pebble has no filter for:
 * `shorten(n)` cuts a value to n columns with "...", and `commaLines(n)`
 * lays a list out as a comma list in lines of at most n columns, indented
 * two (how a reply names workloads); `nowrap` keeps the line it is on
 * whole (see Wrap); `para` fills a paragraph made of computed sentences
 * flush left to 72 columns (Wrap's hanging indent is for quoted output).
 */
final class TextFilters extends AbstractExtension {

    @Override
    public Map<String, Filter> getFilters() {
        return Map.of("shorten", new Shorten(), "commaLines", new CommaLines(), "nowrap", new NoWrap(), "para", new Para());
    }

    static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    static String commaLines(List<?> items, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder("  ");
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i + 1 < items.size() ? "," : ".");
            if (line.length() > 2 && line.length() + 1 + item.length() > width) {
                out.add(line.toString());
                line = new StringBuilder("  ");
            }
            line.append(line.length() > 2 ? " " : "").append(item);
        }
        out.add(line.toString());
        return String.join("\n", out);
    }

    static String para(String text, int width) {
        StringBuilder out = new StringBuilder();
        int col = 0;
        for (String w : text.strip().split("\\s+")) {
            if (col > 0 && col + 1 + w.length() > width) {
                out.append('\n');
                col = 0;
            } else if (col > 0) {
                out.append(' ');
                col++;
            }
            out.append(w);
            col += w.length();
        }
        return out.toString();
    }

    private static final class Para implements Filter {
        @Override
        public List<String> getArgumentNames() {
            return List.of();
        }

        @Override
        public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                int lineNumber) {
            return input == null ? null : para(input.toString(), 72);
        }
    }

    private static int intArg(Map<String, Object> args, String name) {
        Object v = args.get(name);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("filter argument " + name + " must be a number: " + v);
        }
        return n.intValue();
    }

    private static final class Shorten implements Filter {
        @Override
        public List<String> getArgumentNames() {
            return List.of("max");
        }

        @Override
        public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                int lineNumber) {
            return input == null ? null : shorten(input.toString(), intArg(args, "max"));
        }
    }

    private static final class CommaLines implements Filter {
        @Override
        public List<String> getArgumentNames() {
            return List.of("width");
        }

        @Override
        public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                int lineNumber) {
            if (!(input instanceof List<?> items)) {
                throw new IllegalArgumentException("commaLines wants a list, got " + input);
            }
            return commaLines(items, intArg(args, "width"));
        }
    }

    private static final class NoWrap implements Filter {
        @Override
        public List<String> getArgumentNames() {
            return List.of();
        }

        @Override
        public Object apply(Object input, Map<String, Object> args, PebbleTemplate self, EvaluationContext context,
                int lineNumber) {
            return input == null ? null : Wrap.KEEP + input.toString();
        }
    }
}
