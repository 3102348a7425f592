// SPDX-License-Identifier: GPL-2.0
/*
 * fsnbot's sandbox seccomp filter, written as a BPF program for
 * bubblewrap's --seccomp: every system call is allowed except those named
 * on the command line (EPERM), socket() of the address families named as
 * socket:FAMILY (EPERM), clone() asking for a new namespace (EPERM) and
 * clone3(), whose flags a filter cannot read (ENOSYS, so libc falls back
 * to clone()). Calls of another ABI (i386, x32) kill the process.
 *
 * Usage: fsnbot-seccomp OUTPUT [socket:FAMILY | SYSCALL]...
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
#endif

static const unsigned long long ns_flags[] = {
	CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
	CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWTIME,
};

static int deny(scmp_filter_ctx ctx, const char *name)
{
	int nr;

	if (!strncmp(name, "socket:", 7)) {
		char *end;
		unsigned long family = strtoul(name + 7, &end, 10);

		if (*end || end == name + 7) {
			fprintf(stderr, "fsnbot-seccomp: bad address family %s\n", name);
			return -1;
		}
		return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1,
					SCMP_A0(SCMP_CMP_EQ, family));
	}
	nr = seccomp_syscall_resolve_name(name);

	if (nr == __NR_SCMP_ERROR) {
		fprintf(stderr, "fsnbot-seccomp: unknown system call %s\n", name);
		return -1;
	}
	return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
}

int main(int argc, char **argv)
{
	scmp_filter_ctx ctx;
	size_t i;
	int fd, rc = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: fsnbot-seccomp OUTPUT SYSCALL...\n");
		return 2;
	}
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return 1;
	for (i = 2; i < (size_t)argc && !rc; i++)
		rc = deny(ctx, argv[i]);
	for (i = 0; i < sizeof(ns_flags) / sizeof(ns_flags[0]) && !rc; i++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
				      SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
	if (!rc)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
	if (rc) {
		fprintf(stderr, "fsnbot-seccomp: %s\n", strerror(-rc));
		seccomp_release(ctx);
		return 1;
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
	if (fd < 0) {
		perror(argv[1]);
		seccomp_release(ctx);
		return 1;
	}
	rc = seccomp_export_bpf(ctx, fd);
	if (close(fd) || rc) {
		fprintf(stderr, "fsnbot-seccomp: could not write %s\n", argv[1]);
		rc = 1;
	}
	seccomp_release(ctx);
	return rc ? 1 : 0;
}
