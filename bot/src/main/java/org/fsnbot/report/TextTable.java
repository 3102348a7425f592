package org.fsnbot.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table for mail: a header row, right-aligned numeric columns
 * (leading text columns left-aligned), two spaces between columns. Written here
 * because the text-table libraries on Maven Central draw box characters
 * or pad to the terminal, neither of which belongs in list mail.
 */
public final class TextTable {

    private final List<String> header;
    private final int leftColumns;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> headings = new ArrayList<>();

    /** leftColumns leading columns are text (left-aligned); the rest are numbers. */
    public TextTable(List<String> header, int leftColumns) {
        if (header.isEmpty()) {
            throw new IllegalArgumentException("a table needs columns");
        }
        if (leftColumns < 0 || leftColumns > header.size()) {
            throw new IllegalArgumentException("leftColumns out of range: " + leftColumns);
        }
        this.header = List.copyOf(header);
        this.leftColumns = leftColumns;
    }

    public TextTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, table has " + header.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** A full-width line placed before the next row: for row names too long for a column. */
    public TextTable heading(String text) {
        while (headings.size() < rows.size()) {
            headings.add(null);
        }
        headings.add(text);
        return this;
    }

    public String render(String indent) {
        int[] w = new int[header.size()];
        for (int c = 0; c < w.length; c++) {
            w[c] = header.get(c).length();
            for (List<String> r : rows) {
                w[c] = Math.max(w[c], r.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, indent, header, w, leftColumns);
        List<String> rule = new ArrayList<>();
        for (int width : w) {
            rule.add("-".repeat(width));
        }
        line(sb, indent, rule, w, leftColumns);
        for (int i = 0; i < rows.size(); i++) {
            if (i < headings.size() && headings.get(i) != null) {
                sb.append(indent).append(headings.get(i)).append('\n');
            }
            line(sb, indent, rows.get(i), w, leftColumns);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String indent, List<String> cells, int[] w, int left) {
        StringBuilder l = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(w[c] - cell.length());
            l.append(c < left ? cell + pad : pad + cell);
            if (c < cells.size() - 1) {
                l.append("  ");
            }
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }
}
