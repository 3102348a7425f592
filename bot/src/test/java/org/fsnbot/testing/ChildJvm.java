package org.fsnbot.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command that starts a JVM of a test's own (a fleet node, `fsnbot
 * send` killed mid-way, a looking command): this JVM's java with the
 * flags every test JVM runs with. A child lives seconds to minutes and
 * mostly waits or starts up; C2's compiles and G1's threads were most of
 * its CPU (a short command 3.0 -> 1.9 CPU-seconds with C1 only and the
 * serial collector; docs/measurements.md), and a test run is CPU-bound.
 */
public final class ChildJvm {

    /** The same flags as the pom's fsnbot.test.jvm, which the test JVMs themselves get. */
    public static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private ChildJvm() {
    }

    /** java, the flags, then the arguments given (heap limits, -cp or -jar, the class and its arguments). */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(FLAGS);
        cmd.addAll(List.of(args));
        return cmd;
    }
}
