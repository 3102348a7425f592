// SPDX-License-Identifier: GPL-2.0
/*
 * byte-write: a 1-byte pwrite() loop at offset 0 of a tmpfs file, the
 * microbenchmark of Dave Hansen's "optimize inotify/fsnotify code for
 * unwatched files" (seed 004), in each fsnotify mode.
 *
 * Metrics per mode and repetition: ns_per_op (lower is better) and
 * ops_per_s (higher is better).
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

static const char usage[] =
	"usage: byte-write [--workdir DIR] [--modes none,other,parent,parent-nomatch]\n"
	"                  [--iterations N | --duration SECONDS] [--warmup N] [--reps N]\n";

static void write_loop(int fd, long n)
{
	const char c = 'x';

	for (long i = 0; i < n; i++)
		if (pwrite(fd, &c, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
}

/* Returns the number of writes done and their elapsed nanoseconds. */
static long timed_run(int fd, const struct hr_opts *o, uint64_t *elapsed)
{
	uint64_t start = hr_now_ns(), deadline;
	long done = 0;

	if (o->iterations) {
		write_loop(fd, o->iterations);
		*elapsed = hr_now_ns() - start;
		return o->iterations;
	}
	/* Fixed time: check the clock only every 1024 writes. */
	deadline = start + (uint64_t)(o->duration * 1e9);
	do {
		write_loop(fd, 1024);
		done += 1024;
	} while (hr_now_ns() < deadline);
	*elapsed = hr_now_ns() - start;
	return done;
}

static void run_mode(const struct hr_opts *o, enum hr_mode mode, int rep)
{
	struct hr_listener l;
	char dir[512], path[600], params[128];
	uint64_t elapsed;
	long n;
	int fd, two_cpus = hr_ncpus() > 1;

	hr_make_workdir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/file", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("open %s: %s", path, strerror(errno));

	hr_listener_start(&l, mode, dir, IN_MODIFY, two_cpus ? 1 : -1);
	hr_pin_self(0);
	write_loop(fd, o->warmup);
	n = timed_run(fd, o, &elapsed);
	hr_listener_stop(&l);

	snprintf(params, sizeof(params), "\"writes\":%ld,\"events\":%llu",
		 n, (unsigned long long)l.events);
	hr_result("byte-write", hr_mode_name(mode), params, rep, "ns_per_op",
		  (double)elapsed / n, "ns", HR_LOWER);
	hr_result("byte-write", hr_mode_name(mode), params, rep, "ops_per_s",
		  n * 1e9 / elapsed, "ops/s", HR_HIGHER);

	close(fd);
	hr_remove_tree(dir);
}

int main(int argc, char **argv)
{
	struct hr_opts o;

	hr_parse_opts(argc, argv, &o, usage);
	hr_header("byte-write", &o, "IN_MODIFY");
	/* Rotate the mode order so no mode always runs first after boot. */
	for (int rep = 0; rep < o.reps; rep++)
		for (int i = 0; i < HR_MODE_COUNT; i++) {
			enum hr_mode m = (i + rep) % HR_MODE_COUNT;

			if (o.modes & (1u << m))
				run_mode(&o, m, rep);
		}
	return 0;
}
