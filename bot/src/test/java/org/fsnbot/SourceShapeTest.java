package org.fsnbot;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.lang.model.element.Modifier;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;

/**
 * The shape the code keeps, checked on the parsed sources: no method,
 * constructor or record with more than seven parameters, and no main class
 * over 250 lines unless its comment says why ("Longer than 250 lines
 * because ...").
 */
class SourceShapeTest {

    static final int MAX_PARAMETERS = 7;
    static final int MAX_CLASS_LINES = 250;
    static final String LONG_REASON = "Longer than 250 lines because";

    /** A parsed source file and where its trees sit in the text. */
    private record Parsed(Path file, String text, CompilationUnitTree unit, SourcePositions positions) {
        long line(long pos) {
            return unit.getLineMap().getLineNumber(pos);
        }
    }

    private static List<Parsed> parse(Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromPaths(files);
            JavacTask task = (JavacTask) javac.getTask(null, fm, null, List.of("-proc:none"), null, units);
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            List<Parsed> out = new ArrayList<>();
            for (CompilationUnitTree u : task.parse()) {
                Path p = Path.of(u.getSourceFile().toUri());
                out.add(new Parsed(p, Files.readString(p), u, positions));
            }
            return out;
        }
    }

    /** Methods, constructors and records with too many parameters, as "File.java:line name (n)". */
    private static List<String> tooManyParameters(Parsed p) {
        List<String> out = new ArrayList<>();
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitMethod(MethodTree m, Void v) {
                if (m.getParameters().size() > MAX_PARAMETERS) {
                    out.add(where(p, m) + " " + m.getName() + " (" + m.getParameters().size() + ")");
                }
                return super.visitMethod(m, v);
            }

            @Override
            public Void visitClass(ClassTree c, Void v) {
                if (c.getKind() == Tree.Kind.RECORD) {
                    long components = c.getMembers().stream().filter(t -> t instanceof VariableTree vt
                            && !vt.getModifiers().getFlags().contains(Modifier.STATIC)).count();
                    if (components > MAX_PARAMETERS) {
                        out.add(where(p, c) + " record " + c.getSimpleName() + " (" + components + ")");
                    }
                }
                return super.visitClass(c, v);
            }
        }.scan(p.unit(), null);
        return out;
    }

    private static String where(Parsed p, Tree t) {
        return p.file().getFileName() + ":" + p.line(p.positions().getStartPosition(p.unit(), t));
    }

    /** Top-level classes over the limit whose comment does not say why. */
    private static List<String> tooLong(Parsed p) {
        List<String> out = new ArrayList<>();
        for (Tree t : p.unit().getTypeDecls()) {
            long start = p.positions().getStartPosition(p.unit(), t);
            long lines = p.line(p.positions().getEndPosition(p.unit(), t)) - p.line(start) + 1;
            String before = p.text().substring(0, (int) start);
            int doc = before.lastIndexOf("/**");
            boolean explained = doc >= 0 && before.substring(doc).contains(LONG_REASON);
            if (lines > MAX_CLASS_LINES && !explained) {
                out.add(p.file().getFileName() + " (" + lines + " lines)");
            }
        }
        return out;
    }

    @Test
    void noMethodConstructorOrRecordTakesMoreThanSevenParameters() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path root : List.of(Repo.root().resolve("bot/src/main/java"), Repo.root().resolve("bot/src/test/java"))) {
            for (Parsed p : parse(root)) {
                found.addAll(tooManyParameters(p));
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void noMainClassIsOver250LinesWithoutSayingWhy() throws IOException {
        List<String> found = new ArrayList<>();
        for (Parsed p : parse(Repo.root().resolve("bot/src/main/java"))) {
            found.addAll(tooLong(p));
        }
        assertThat(found).isEmpty();
    }

    @Test
    void theChecksSeeWhatTheyLookFor(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("Wide.java"), "record Wide(int a, int b, int c, int d, int e, int f, int g,"
                + " int h) {\n static int n;\n void m(int a, int b, int c, int d, int e, int f, int g, int h) {}\n}\n"
                + "class Long {\n" + "int x;\n".repeat(MAX_CLASS_LINES) + "}\n");
        Parsed p = parse(dir).get(0);
        assertThat(tooManyParameters(p)).containsExactly("Wide.java:1 record Wide (8)", "Wide.java:3 m (8)");
        assertThat(tooLong(p)).containsExactly("Wide.java (252 lines)");
    }
}
