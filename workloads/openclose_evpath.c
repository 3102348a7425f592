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

static const char usage[] =
	"usage: openclose-evpath [--workdir DIR] [--modes none,other,parent,parent-nomatch]\n"
	"                        [--iterations N | --duration SECONDS] [--warmup N] [--reps N]\n";

static void open_close(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		hr_die("open %s: %s", path, strerror(errno));
	close(fd);
}

static void run_mode(const struct hr_opts *o, enum hr_mode mode, int rep)
{
	size_t cap = o->iterations ? (size_t)o->iterations : 1 << 20, n = 0;
	uint64_t *lat = malloc(cap * sizeof(*lat)), start, end, deadline;
	char dir[512], path[600], params[160], row[64];
	struct hr_listener l;
	int fd;

	if (!lat)
		hr_die("out of memory");
	hr_make_workdir(o, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/file", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("create %s: %s", path, strerror(errno));
	close(fd);

	hr_listener_start(&l, mode, dir, IN_OPEN | IN_CLOSE_NOWRITE, hr_ncpus() > 1 ? 1 : -1);
	hr_pin_self(0);
	for (long i = 0; i < o->warmup; i++)
		open_close(path);
	start = hr_now_ns();
	deadline = start + (uint64_t)(o->duration * 1e9);
	for (;;) {
		uint64_t t0;

		if (o->iterations ? n == (size_t)o->iterations : hr_deadline_passed(deadline))
			break;
		if (n == cap) {
			cap *= 2;
			lat = realloc(lat, cap * sizeof(*lat));
			if (!lat)
				hr_die("out of memory");
		}
		t0 = hr_now_ns();
		open_close(path);
		lat[n++] = hr_now_ns() - t0;
	}
	end = hr_now_ns();
	hr_listener_stop(&l);

	qsort(lat, n, sizeof(*lat), hr_cmp_u64);
	snprintf(params, sizeof(params), "\"fs\":\"%s\",\"iterations\":%zu,\"events\":%llu",
		 hr_fs_name(dir), n, (unsigned long long)l.events);
	snprintf(row, sizeof(row), "%s %s", hr_mode_name(mode), hr_fs_name(dir));
	struct hr_row r = { "openclose-evpath", hr_mode_name(mode), "mode fs", row, params, rep };

	hr_result(&r, "p50_ns", (double)hr_percentile(lat, n, 50), "ns", HR_LOWER);
	hr_result(&r, "p99_ns", (double)hr_percentile(lat, n, 99), "ns", HR_LOWER);
	hr_result(&r, "ops_per_s", n * 1e9 / (end - start), "ops/s", HR_HIGHER);
	free(lat);
	hr_remove_tree(dir);
}

int main(int argc, char **argv)
{
	struct hr_opts o;

	hr_parse_opts(argc, argv, &o, usage);
	hr_header("openclose-evpath", &o, "IN_OPEN|IN_CLOSE_NOWRITE");
	hr_each_mode(&o, run_mode);
	return 0;
}
