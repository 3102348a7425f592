// SPDX-License-Identifier: GPL-2.0
/*
 * byte-write: a 1-byte pwrite() loop at offset 0 of a tmpfs file, the
 * microbenchmark of Dave Hansen's "optimize inotify/fsnotify code for
 * unwatched files" (seed 004), in each fsnotify mode, with a 1-byte
 * pread() loop as the companion that fsnotify does not slow down.
 *
 * Metrics per mode and repetition: ns_per_op and ops_per_s of the writes,
 * read_ns_per_op, and write_read_ratio.
 *
 * --bare runs the same loop with the harness bypassed (no mode setup, no
 * listener poll loop, no JSON helpers) but the same idle second thread,
 * to measure what the harness itself costs.
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

static const char usage[] =
	"usage: byte-write [--workdir DIR] [--modes none,other,parent,parent-nomatch]\n"
	"                  [--iterations N | --duration SECONDS] [--warmup N] [--reps N]\n"
	"                  [--bare]\n";

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

/* Runs loop for the fixed work or time; returns ops and elapsed ns. */
static long timed(void (*loop)(int, long), int fd, const struct hr_opts *o,
		  uint64_t *elapsed)
{
	uint64_t start = hr_now_ns(), deadline;
	long done = 0;

	if (o->iterations) {
		loop(fd, o->iterations);
		*elapsed = hr_now_ns() - start;
		return o->iterations;
	}
	/* Fixed time: check the clock only every 1024 operations. */
	deadline = start + (uint64_t)(o->duration * 1e9);
	do {
		loop(fd, 1024);
		done += 1024;
	} while (!hr_deadline_passed(deadline));
	*elapsed = hr_now_ns() - start;
	return done;
}

static int open_file(const char *dir, char *path, size_t len)
{
	int fd;

	snprintf(path, len, "%s/file", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("open %s: %s", path, strerror(errno));
	if (pwrite(fd, "x", 1, 0) != 1)
		hr_die("pwrite: %s", strerror(errno));
	return fd;
}

static void run_mode(const struct hr_opts *o, enum hr_mode mode, int rep)
{
	struct hr_listener l;
	char dir[512], path[600], params[128];
	uint64_t wns, rns;
	long wn, rn;
	int fd;

	hr_make_workdir(o, dir, sizeof(dir));
	fd = open_file(dir, path, sizeof(path));
	hr_listener_start(&l, mode, dir, IN_MODIFY, hr_ncpus() > 1 ? 1 : -1);
	hr_pin_self(0);
	write_loop(fd, o->warmup);
	wn = timed(write_loop, fd, o, &wns);
	read_loop(fd, o->warmup);
	rn = timed(read_loop, fd, o, &rns);
	hr_listener_stop(&l);

	snprintf(params, sizeof(params), "\"writes\":%ld,\"reads\":%ld,\"events\":%llu",
		 wn, rn, (unsigned long long)l.events);
	struct hr_row r = { "byte-write", hr_mode_name(mode), "mode", hr_mode_name(mode), params, rep };
	double w = (double)wns / wn, rd = (double)rns / rn;

	hr_result(&r, "ns_per_op", w, "ns", HR_LOWER);
	hr_result(&r, "ops_per_s", 1e9 / w, "ops/s", HR_HIGHER);
	hr_result(&r, "read_ns_per_op", rd, "ns", HR_LOWER);
	hr_result(&r, "write_read_ratio", w / rd, "ratio", HR_LOWER);
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
static void run_bare(const struct hr_opts *o, int rep)
{
	char dir[512], path[600], params[64];
	struct timespec a, b;
	pthread_t t;
	int fd, p[2];
	const char c = 'x';

	hr_make_workdir(o, dir, sizeof(dir));
	fd = open_file(dir, path, sizeof(path));
	if (pipe(p))
		hr_die("pipe: %s", strerror(errno));
	pthread_create(&t, NULL, idle_thread, &p[0]);
	hr_pin_self(0);
	for (long i = 0; i < o->warmup; i++)
		if (pwrite(fd, &c, 1, 0) != 1)
			hr_die("pwrite");
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < o->iterations; i++)
		if (pwrite(fd, &c, 1, 0) != 1)
			hr_die("pwrite");
	clock_gettime(CLOCK_MONOTONIC, &b);
	close(p[1]);
	pthread_join(t, NULL);
	close(p[0]);
	/* Only the loop bypasses the harness; reporting it need not. */
	snprintf(params, sizeof(params), "\"writes\":%ld", o->iterations);
	struct hr_row r = { "byte-write", "bare", "mode", "bare", params, rep };

	hr_result(&r, "ns_per_op",
		  ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / o->iterations, "ns", HR_LOWER);
	close(fd);
	hr_remove_tree(dir);
}

int main(int argc, char **argv)
{
	struct hr_opts o;

	hr_parse_opts(argc, argv, &o, usage);
	hr_header("byte-write", &o, "IN_MODIFY");
	if (o.bare) {
		if (!o.iterations)
			hr_die("--bare is fixed-work: use --iterations");
		for (int rep = 0; rep < o.reps; rep++)
			run_bare(&o, rep);
		return 0;
	}
	hr_each_mode(&o, run_mode);
	return 0;
}
