package org.fsnbot.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** `fsnbot pages`: the site's static pages, made anew from the store. */
@Command(name = "pages", mixinStandardHelpOptions = true,
        description = "Make fsnbot's pages for people (recent jobs, each job, each series, runners, queue, with"
                + " the same data as JSON) under <home>/www, for any web server to serve (docs/pages.md).")
public final class PagesCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        try (Application app = Application.look(options.load())) {
            List<Path> written = app.site().writeAll();
            System.out.println(written.size() + " page(s) under " + app.config().home().www());
        }
        return ExitCodes.OK;
    }
}
