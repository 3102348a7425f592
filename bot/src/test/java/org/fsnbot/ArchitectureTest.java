package org.fsnbot;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package map of docs/architecture.md, held against the bytecode: a
 * package uses only packages of earlier levels (data flows one way through
 * the stages; no stage reaches back into an earlier one's callers), and
 * packages of one level do not use each other.
 */
class ArchitectureTest {

    /** Levels, earliest first; the order of docs/architecture.md. */
    static final List<List<String>> LEVELS = List.of(
            List.of("exec", "git"),
            // The home's disk (retention, the free-space floor) needs only commands run; a host's
            // qualification reads /sys and /proc.
            List.of("intake", "disk", "qualify"),
            List.of("plan"),
            List.of("build"),
            List.of("image"),
            List.of("boot"),
            List.of("vm"),
            List.of("run"),
            List.of("testbed"),
            List.of("stats"),
            List.of("report"),
            List.of("mail"),
            List.of("store"),
            // A command is answered without a job: commands and job are of one level, neither uses the other.
            List.of("job", "commands", "export"),
            // Features over the job: bisection runs jobs of its own; the pages show jobs and the store's lists.
            List.of("bisect", "pages"),
            List.of("work", "trend"),
            // The fleet's side of a unit (which runner class it needs, a runner's claim on it); a node's health.
            List.of("fleet", "health"),
            List.of("schedule"),
            List.of("app"),
            List.of("cli"));

    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.fsnbot");
    }

    /** The stage package of a class: the first name under org.fsnbot. */
    private static Optional<String> stage(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith("org.fsnbot.")) {
            return Optional.empty();
        }
        String rest = p.substring("org.fsnbot.".length());
        int dot = rest.indexOf('.');
        return Optional.of(dot < 0 ? rest : rest.substring(0, dot));
    }

    private static int level(List<List<String>> levels, String stage) {
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i).contains(stage)) {
                return i;
            }
        }
        return -1;
    }

    /** Every dependency of one stage on another of the same or a later level, under this map. */
    private static List<String> violations(List<List<String>> levels) {
        List<String> out = new ArrayList<>();
        for (JavaClass c : classes) {
            Optional<String> from = stage(c);
            if (from.isEmpty()) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                Optional<String> to = stage(d.getTargetClass());
                if (to.isPresent() && !to.get().equals(from.get())
                        && level(levels, to.get()) >= level(levels, from.get())) {
                    out.add(from.get() + " -> " + to.get() + ": " + d.getDescription());
                }
            }
        }
        return out;
    }

    @Test
    void everyPackageHasALevel() {
        TreeSet<String> unplaced = new TreeSet<>();
        for (JavaClass c : classes) {
            stage(c).filter(s -> level(LEVELS, s) < 0).ifPresent(unplaced::add);
        }
        assertThat(unplaced).as("packages missing from docs/architecture.md's map").isEmpty();
    }

    @Test
    void packagesUseOnlyEarlierLevels() {
        assertThat(violations(LEVELS)).as("dependencies against the direction of the stages").isEmpty();
    }

    @Test
    void aMapThatPutsTheStoreBeforeIntakeIsRefused() {
        // store implements intake's FollowState: under a map where intake
        // came later, that use would point the wrong way.
        List<List<String>> swapped = new ArrayList<>(LEVELS);
        swapped.set(1, List.of("store"));
        swapped.set(12, List.of("intake"));
        assertThat(violations(swapped)).anySatisfy(v -> assertThat(v).startsWith("store -> intake"));
    }

    /**
     * The classes of job and report that read text by its spelling, each
     * because it parses input (a revision or tree named by a person, a
     * workload's labels, text to wrap): decisions elsewhere read typed
     * facts, never a display string back.
     */
    /** The packages that decide from a job's facts: the job, its replies, and the features over it. */
    private static final java.util.Set<String> DECIDE_ON_FACTS = java.util.Set.of("job", "report", "bisect",
            "export");

    private static final java.util.Set<String> PARSE_INPUT = java.util.Set.of("org.fsnbot.job.Candidate$Revision",
            "org.fsnbot.export.KcidbExport", "org.fsnbot.report.ResultTables", "org.fsnbot.report.RowLabel",
            "org.fsnbot.report.TextFilters", "org.fsnbot.report.Wrap");

    @Test
    void jobAndReportDecideOnTypedFactsNotOnTheSpellingOfStrings() {
        TreeSet<String> readers = new TreeSet<>();
        for (JavaClass c : classes) {
            Optional<String> s = stage(c);
            if (s.isEmpty() || !DECIDE_ON_FACTS.contains(s.get())) {
                continue;
            }
            c.getMethodCallsFromSelf().stream()
                    .filter(call -> call.getTargetOwner().isEquivalentTo(String.class))
                    .filter(call -> List.of("startsWith", "split", "endsWith").contains(call.getName()))
                    .filter(call -> !PARSE_INPUT.contains(c.getName()))
                    .forEach(call -> readers.add(call.getDescription()));
        }
        assertThat(readers).as("String.startsWith/split/endsWith in %s outside input parsing", DECIDE_ON_FACTS).isEmpty();
    }

    /**
     * QEMU lives below the testbed port: above it (the composition root
     * aside, which wires each backend) nothing uses vm, so a job plans,
     * judges and replies the same whatever booted its kernels.
     */
    @Test
    void nothingAboveTheTestbedPortKnowsQemu() {
        int port = level(LEVELS, "testbed");
        TreeSet<String> uses = new TreeSet<>();
        for (JavaClass c : classes) {
            Optional<String> from = stage(c);
            if (from.isEmpty() || level(LEVELS, from.get()) <= port || from.get().equals("app")) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (stage(d.getTargetClass()).filter(t -> t.equals("vm")).isPresent()) {
                    uses.add(d.getDescription());
                }
            }
        }
        assertThat(uses).as("uses of vm (QEMU) above the testbed port").isEmpty();
    }

    @Test
    void commandsAndJobDoNotUseEachOther() {
        int level = level(LEVELS, "commands");
        assertThat(level).isEqualTo(level(LEVELS, "job"));
        assertThat(violations(LEVELS)).noneMatch(v -> v.startsWith("commands -> job") || v.startsWith("job -> commands"));
    }
}
