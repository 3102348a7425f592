// SPDX-License-Identifier: GPL-2.0
/*
 * openclose-evpath: open(O_RDONLY) + close() of one file, the event path
 * measurement of seed 000, in each fsnotify mode.  Each iteration is timed
 * on its own because percentiles are the metric; ops/s comes from the
 * whole loop.  Run it once per filesystem (tmpfs, and a block filesystem
 * such as ext4 on a loop device): the filesystem is part of the row.
 *
 * Metrics per mode: p50_ns, p99_ns (lower), ops_per_s (higher).
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

static void open_close(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		hr_die("open %s: %s", path, strerror(errno));
	close(fd);
}

/* Latencies of one timed loop: fixed work or fixed time. */
struct latencies {
	uint64_t *ns;
	size_t n;
	uint64_t elapsed;
};

static struct latencies time_loop(const struct hr_opts *o, const char *path)
{
	size_t cap = o->iterations ? (size_t)o->iterations : 1 << 20;
	struct latencies l = { .ns = hr_alloc(cap, sizeof(uint64_t)) };
	uint64_t start = hr_now_ns(), deadline = start + (uint64_t)(o->duration * 1e9);

	while (o->iterations ? l.n < (size_t)o->iterations : !hr_deadline_passed(deadline)) {
		uint64_t t0;

		if (l.n == cap) {
			cap *= 2;
			l.ns = realloc(l.ns, cap * sizeof(*l.ns));
			if (!l.ns)
				hr_die("out of memory");
		}
		t0 = hr_now_ns();
		open_close(path);
		l.ns[l.n++] = hr_now_ns() - t0;
	}
	l.elapsed = hr_now_ns() - start;
	qsort(l.ns, l.n, sizeof(*l.ns), hr_cmp_u64);
	return l;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	char dir[512], path[600], row[64];
	struct hr_listener l;
	struct latencies lat;
	int fd;

	(void)state;
	hr_make_workdir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/file", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("create %s: %s", path, strerror(errno));
	close(fd);

	hr_listener_start(&l, c->mode, dir, IN_OPEN | IN_CLOSE_NOWRITE, hr_ncpus() > 1 ? 1 : -1);
	hr_pin_self(0);
	for (long i = 0; i < o->warmup; i++)
		open_close(path);
	lat = time_loop(o, path);
	hr_listener_stop(&l);

	snprintf(row, sizeof(row), "%s %s", hr_mode_name(c->mode), hr_fs_name(dir));
	struct hr_row r = {
		.row = row,
		.params = { HR_STR("fs", hr_fs_name(dir)), HR_INT("iterations", lat.n), HR_INT("events", l.events) },
	};

	hr_result(c, &r, "p50_ns", (double)hr_percentile(lat.ns, lat.n, 50), "ns", HR_LOWER);
	hr_result(c, &r, "p99_ns", (double)hr_percentile(lat.ns, lat.n, 99), "ns", HR_LOWER);
	hr_result(c, &r, "ops_per_s", lat.n * 1e9 / lat.elapsed, "ops/s", HR_HIGHER);
	free(lat.ns);
	hr_remove_tree(dir);
}

const struct workload hr_workload = {
	.name = "openclose-evpath",
	.usage = "usage: openclose-evpath [--modes none,other,parent,parent-nomatch]\n",
	.label = "mode fs",
	.mask = "IN_OPEN|IN_CLOSE_NOWRITE",
	.axes = HR_AXIS_MODES,
	.modes = HR_ALL_MODES,
	.default_modes = HR_ALL_MODES,
	.run = run,
};
