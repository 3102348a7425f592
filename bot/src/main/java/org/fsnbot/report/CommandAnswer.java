package org.fsnbot.report;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What fsnbot answers to the commands of one mail: per command line, its
 * outcome and its words, which are a template under templates/command/
 * filled with values.
 */
public record CommandAnswer(List<Item> items, boolean withHelp) {

    /** How a command ended. */
    public enum Outcome { ACCEPTED, DONE, ERROR, REFUSED }

    /** One command line (quoted back), what became of it, and the template that says so. */
    public record Item(String line, Outcome outcome, String template, Map<String, Object> values) {
        public Item {
            Objects.requireNonNull(line);
            Objects.requireNonNull(outcome);
            if (!template.matches("[a-z][a-z-]*")) {
                throw new IllegalArgumentException("not a command template name: " + template);
            }
            values = Map.copyOf(values);
        }

        public static Item of(String line, Outcome outcome, String template) {
            return new Item(line, outcome, template, Map.of());
        }
    }

    public CommandAnswer {
        items = List.copyOf(items);
        if (items.isEmpty()) {
            throw new IllegalArgumentException("an answer needs at least one command");
        }
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(i -> i.outcome() == Outcome.ERROR);
    }
}
