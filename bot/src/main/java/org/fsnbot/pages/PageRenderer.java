package org.fsnbot.pages;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The site's pages from templates/pages/ (Pebble, HTML, every value
 * escaped: subjects, authors and facts come from mail and from kernels'
 * output, and a page must never run what they say).
 */
public final class PageRenderer {

    private final PebbleEngine html;

    public PageRenderer() {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("fsnbot/templates");
        loader.setSuffix(".peb");
        this.html = new PebbleEngine.Builder().loader(loader).autoEscaping(true).newLineTrimming(false)
                .strictVariables(true).build();
    }

    /** The page kind's template ("index", "job", "series", "runners", "queue") over model. */
    public String render(String kind, Map<String, Object> model) {
        StringWriter w = new StringWriter();
        try {
            html.getTemplate("pages/" + kind).evaluate(w, model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
