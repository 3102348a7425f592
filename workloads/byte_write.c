// SPDX-License-Identifier: GPL-2.0
/*
 * byte-write: a 1-byte pwrite() loop at offset 0 of a tmpfs file, the
 * microbenchmark of Dave Hansen's "optimize inotify/fsnotify code for
 * unwatched files" (seed 004), in each fsnotify mode, with a 1-byte
 * pread() loop as the companion that fsnotify does not slow down.
 *
 * Metrics per mode and repetition: ns_per_op and ops_per_s of the writes,
 * read_ns_per_op, and write_read_ratio; where the CPU has a PMU (KVM,
 * bare metal) also insns_per_op and read_insns_per_op, the instructions
 * the writing thread retired per operation, user and kernel.
 *
 * --bare runs the same loop with the harness bypassed (no mode setup, no
 * listener poll loop) but the same idle second thread, to measure what
 * the harness itself costs.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

static void write_loop(int fd, long n)
{
	const char c = 'x';

	for (long i = 0; i < n; i++)
		if (pwrite(fd, &c, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
}

static void read_loop(int fd, long n)
{
	char c;

	for (long i = 0; i < n; i++)
		if (pread(fd, &c, 1, 0) != 1)
			hr_die("pread: %s", strerror(errno));
}

/*
 * Runs loop for the fixed work or time; returns ops and elapsed ns, and
 * the instructions it retired in *insns (0 where there is no counter).
 */
static long timed(void (*loop)(int, long), int fd, const struct hr_opts *o, uint64_t *elapsed,
		  uint64_t *insns)
{
	uint64_t start, deadline;
	struct hr_insns k;
	long done = 0;

	hr_insns_start(&k);
	start = hr_now_ns();
	if (o->iterations) {
		loop(fd, o->iterations);
		*elapsed = hr_now_ns() - start;
		if (!hr_insns_stop(&k, insns))
			*insns = 0;
		return o->iterations;
	}
	/* Fixed time: check the clock only every 1024 operations. */
	deadline = start + (uint64_t)(o->duration * 1e9);
	do {
		loop(fd, 1024);
		done += 1024;
	} while (!hr_deadline_passed(deadline));
	*elapsed = hr_now_ns() - start;
	if (!hr_insns_stop(&k, insns))
		*insns = 0;
	return done;
}

static int open_file(const char *dir)
{
	char path[600];
	int fd;

	snprintf(path, sizeof(path), "%s/file", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("open %s: %s", path, strerror(errno));
	if (pwrite(fd, "x", 1, 0) != 1)
		hr_die("pwrite: %s", strerror(errno));
	return fd;
}

static void run_mode(const struct hr_opts *o, const struct hr_case *c)
{
	struct hr_listener l;
	uint64_t wns, rns, wk, rk;
	char dir[512];
	long wn, rn;
	int fd;

	hr_make_workdir(o, dir, sizeof(dir));
	fd = open_file(dir);
	hr_listener_start(&l, c->mode, dir, IN_MODIFY, hr_ncpus() > 1 ? 1 : -1);
	hr_pin_self(0);
	write_loop(fd, o->warmup);
	wn = timed(write_loop, fd, o, &wns, &wk);
	read_loop(fd, o->warmup);
	rn = timed(read_loop, fd, o, &rns, &rk);
	hr_listener_stop(&l);

	struct hr_row r = {
		.row = hr_mode_name(c->mode),
		.params = { HR_INT("writes", wn), HR_INT("reads", rn), HR_INT("events", l.events) },
	};
	double w = (double)wns / wn, rd = (double)rns / rn;

	hr_result(c, &r, "ns_per_op", w, "ns", HR_LOWER);
	hr_result(c, &r, "ops_per_s", 1e9 / w, "ops/s", HR_HIGHER);
	hr_result(c, &r, "read_ns_per_op", rd, "ns", HR_LOWER);
	hr_result(c, &r, "write_read_ratio", w / rd, "ratio", HR_LOWER);
	/* Counted by the PMU (KVM, bare metal): absent under TCG, never zero. */
	if (wk)
		hr_result(c, &r, "insns_per_op", (double)wk / wn, "insns", HR_LOWER);
	if (rk)
		hr_result(c, &r, "read_insns_per_op", (double)rk / rn, "insns", HR_LOWER);
	close(fd);
	hr_remove_tree(dir);
}

static void *idle_thread(void *arg)
{
	char c;

	/* Blocks until the pipe closes: present, but never running. */
	while (read(*(int *)arg, &c, 1) > 0)
		;
	return NULL;
}

/* The overhead reference: the loop with nothing of the harness around it. */
static void run_bare(const struct hr_opts *o, const struct hr_case *c)
{
	struct timespec a, b;
	const char x = 'x';
	char dir[512];
	pthread_t t;
	int fd, p[2];

	hr_make_workdir(o, dir, sizeof(dir));
	fd = open_file(dir);
	if (pipe(p))
		hr_die("pipe: %s", strerror(errno));
	if (pthread_create(&t, NULL, idle_thread, &p[0]))
		hr_die("pthread_create");
	hr_pin_self(0);
	for (long i = 0; i < o->warmup; i++)
		if (pwrite(fd, &x, 1, 0) != 1)
			hr_die("pwrite");
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < o->iterations; i++)
		if (pwrite(fd, &x, 1, 0) != 1)
			hr_die("pwrite");
	clock_gettime(CLOCK_MONOTONIC, &b);
	close(p[1]);
	pthread_join(t, NULL);
	close(p[0]);

	/* Only the loop bypasses the harness; reporting it need not. */
	struct hr_row r = { .mode = "bare", .row = "bare", .params = { HR_INT("writes", o->iterations) } };

	hr_result(c, &r, "ns_per_op", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / o->iterations,
		  "ns", HR_LOWER);
	close(fd);
	hr_remove_tree(dir);
}

static void *setup(struct hr_opts *o)
{
	if (o->bare) {
		if (!o->iterations)
			hr_die("--bare is fixed-work: use --iterations");
		o->modes = HR_MODE_BIT(HR_MODE_NONE);
	}
	return NULL;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	(void)state;
	if (o->bare)
		run_bare(o, c);
	else
		run_mode(o, c);
}

const struct workload hr_workload = {
	.name = "byte-write",
	.usage = "usage: byte-write [--modes none,other,parent,parent-nomatch] [--bare]\n",
	.label = "mode",
	.mask = "IN_MODIFY",
	.axes = HR_AXIS_MODES,
	.modes = HR_ALL_MODES,
	.default_modes = HR_ALL_MODES,
	.setup = setup,
	.run = run,
};
