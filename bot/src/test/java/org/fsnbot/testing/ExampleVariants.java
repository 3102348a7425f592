package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bad-input patches derived from the example patch by editing its text:
 * one whose context no longer matches, one that does not compile, one
 * that panics the kernel, one that hangs it.
 */
public final class ExampleVariants {

    private static final String ADDED = "+\t\tfsnotify_set_children_dentry_flags(p_inode);";

    private ExampleVariants() {
    }

    public static Path notApplying(Path dir) throws IOException {
        return variant(dir, "not-applying", "context", text -> text.replace(
                " \t\t\t      d_is_special(dentry) &&", " \t\t\t      d_is_special_nonesuch(dentry) &&"));
    }

    public static Path notCompiling(Path dir) throws IOException {
        return variant(dir, "not-compiling", "typo",
                text -> text.replace("+\tif (parent_interested)\n", "+\tif (parent_interested_typo)\n"));
    }

    public static Path panicking(Path dir) throws IOException {
        return variant(dir, "panicking", "panic",
                text -> text.replace(ADDED, "+\t\tpanic(\"fsnbot: deliberate test panic\");"));
    }

    public static Path hanging(Path dir) throws IOException {
        return variant(dir, "hanging", "hang", text -> text.replace(ADDED, "+\t\tfor (;;)\n+\t\t\tcpu_relax();")
                .replace("@@ -256,6 +256,15 @@", "@@ -256,6 +256,16 @@"));
    }

    private static Path variant(Path dir, String name, String tag, java.util.function.UnaryOperator<String> edit)
            throws IOException {
        String original = Files.readString(Repo.exampleMbox());
        String text = edit.apply(original);
        if (text.equals(original)) {
            throw new IllegalStateException("variant " + name + " did not change the example patch");
        }
        text = text.replace("<20261130084519.1-fsnbot-example@fsnbot.invalid>",
                "<20261130084519.1-fsnbot-example-" + tag + "@fsnbot.invalid>")
                .replace("Subject: [PATCH] fsnotify:", "Subject: [PATCH] fsnotify (" + tag + " variant):");
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(name + ".mbox"), text);
    }
}
