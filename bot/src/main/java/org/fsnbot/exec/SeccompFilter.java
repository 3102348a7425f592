package org.fsnbot.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The seccomp filter every sandboxed step runs under: no new namespaces
 * (a user namespace gives uid 0 and every capability inside it, the usual
 * first step of a kernel exploit), no io_uring, keyrings, BPF, perf,
 * userfaultfd, ptrace, mounts, modules, secret memory or LDT changes, and
 * no vsock or netlink sockets. The BPF program is made by
 * fsnbot's small C program over Debian's libseccomp (bundled source,
 * compiled on first use and kept by its hash under the given directory):
 * libseccomp knows every ABI's system call numbers and the x32 trap,
 * which a hand-written filter would have to get right itself.
 */
public final class SeccompFilter {

    /** Refused with EPERM; clone with a namespace flag too, clone3 with ENOSYS (seccomp_filter.c). */
    public static final List<String> DENIED = List.of("unshare", "setns", "io_uring_setup", "io_uring_enter",
            "io_uring_register", "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
            "ptrace", "process_vm_readv", "process_vm_writev", "mount", "umount2", "pivot_root", "move_mount",
            "open_tree", "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr", "kexec_load",
            "kexec_file_load", "init_module", "finit_module", "delete_module", "open_by_handle_at", "swapon",
            "swapoff", "reboot", "acct", "quotactl", "memfd_secret", "modify_ldt");

    /**
     * Address families a step may not open a socket of (EPERM): AF_VSOCK
     * talks to the hypervisor from outside the step's network namespace,
     * and AF_NETLINK is a large kernel surface no build or boot needs.
     */
    public static final List<Integer> DENIED_FAMILIES = List.of(40, 16);

    private static final String SOURCE = "/fsnbot/sandbox/seccomp_filter.c";

    private final Path bpf;

    private SeccompFilter(Path bpf) {
        this.bpf = bpf;
    }

    /** The compiled filter, made in dir (a directory only fsnbot writes) unless it is there already. */
    public static SeccompFilter in(Path dir, CommandRunner runner) throws IOException {
        byte[] source;
        try (InputStream in = SeccompFilter.class.getResourceAsStream(SOURCE)) {
            if (in == null) {
                throw new IOException("bundled resource missing: " + SOURCE);
            }
            source = in.readAllBytes();
        }
        Path bpf = dir.resolve("seccomp-" + hash(source) + ".bpf");
        if (Files.isRegularFile(bpf)) {
            return new SeccompFilter(bpf);
        }
        Files.createDirectories(dir);
        Path work = Files.createTempDirectory(dir, "seccomp");
        try {
            Path c = Files.write(work.resolve("seccomp_filter.c"), source);
            Path exe = work.resolve("fsnbot-seccomp");
            CommandResult cc = runner.run(List.of("gcc", "-O2", "-o", exe.toString(), c.toString(), "-lseccomp"),
                    work, Duration.ofMinutes(2));
            if (!cc.ok()) {
                throw new IllegalStateException("the sandbox's seccomp filter does not compile (it needs gcc and"
                        + " Debian's libseccomp-dev; scripts/setup.sh installs both): " + String.join(" | ",
                                cc.tail(5)));
            }
            List<String> make = new ArrayList<>(List.of(exe.toString(), work.resolve("filter.bpf").toString()));
            DENIED_FAMILIES.forEach(f -> make.add("socket:" + f));
            make.addAll(DENIED);
            runner.check(make, work, Duration.ofMinutes(1));
            Files.move(work.resolve("filter.bpf"), bpf, StandardCopyOption.ATOMIC_MOVE);
            return new SeccompFilter(bpf);
        } finally {
            runner.run(List.of("rm", "-rf", work.toString()), null, Duration.ofMinutes(1));
        }
    }

    /** The BPF program, for bwrap --seccomp. */
    public Path bpf() {
        return bpf;
    }

    private static String hash(byte[] source) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(source);
            md.update(String.join(",", DENIED).getBytes(StandardCharsets.UTF_8));
            md.update(DENIED_FAMILIES.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
