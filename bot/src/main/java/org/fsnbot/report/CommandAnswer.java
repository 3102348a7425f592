package org.fsnbot.report;

import java.util.List;

/** What fsnbot answers to the commands of one mail: per command line, its outcome and words. */
public record CommandAnswer(List<Item> items) {

    /** How a command ended. */
    public enum Outcome { ACCEPTED, DONE, ERROR, REFUSED }

    /** One command line (quoted back) and what became of it. */
    public record Item(String line, Outcome outcome, List<String> text) {
        public Item {
            text = List.copyOf(text);
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
