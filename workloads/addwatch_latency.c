// SPDX-License-Identifier: GPL-2.0
/*
 * addwatch-latency: the cost of adding the sole watch to a directory with
 * many cached children, while the children churn (seed 000).
 *
 * A directory of N files, dentries warmed by stat() before each run; 8
 * mutator threads unlink and recreate files over disjoint ranges for a
 * fixed window (--duration) that does not depend on how long the add loop
 * takes; meanwhile --iterations cycles of inotify_init / add_watch
 * (IN_MODIFY, the only mark) / close, timing add_watch alone.
 *
 * Metrics: add_avg_ns, add_p50_ns, add_max_ns, ns_per_child, and the
 * mutators' mutate_p99_ns and mutate_max_ns (one unlink + recreate).
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define MUTATORS 8
#define MAX_SAMPLES (1 << 20)

static const char usage[] =
	"usage: addwatch-latency [--workdir DIR] [--files N] [--iterations CYCLES]\n"
	"                        [--duration MUTATOR_WINDOW_S] [--reps N]\n";

struct mutator {
	pthread_t thread;
	const char *dir;
	long first, last;
	uint64_t deadline;
	pthread_barrier_t *start;
	uint64_t *lat;
	size_t n;
};

static void name_of(char *buf, size_t len, const char *dir, long i)
{
	snprintf(buf, len, "%s/f%07ld", dir, i);
}

static void *mutator_main(void *arg)
{
	struct mutator *m = arg;
	char path[600];
	long i = m->first;

	pthread_barrier_wait(m->start);
	while (!hr_deadline_passed(m->deadline)) {
		uint64_t t0 = hr_now_ns();
		int fd;

		name_of(path, sizeof(path), m->dir, i);
		if (unlink(path) && errno != ENOENT)
			hr_die("unlink %s: %s", path, strerror(errno));
		fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0)
			hr_die("create %s: %s", path, strerror(errno));
		close(fd);
		if (m->n < MAX_SAMPLES)
			m->lat[m->n++] = hr_now_ns() - t0;
		if (++i > m->last)
			i = m->first;
	}
	return NULL;
}

static void populate(const char *dir, long files)
{
	char path[600];

	for (long i = 0; i < files; i++) {
		int fd;

		name_of(path, sizeof(path), dir, i);
		fd = open(path, O_WRONLY | O_CREAT, 0644);
		if (fd < 0)
			hr_die("create %s: %s", path, strerror(errno));
		close(fd);
	}
}

static void warm(const char *dir, long files)
{
	char path[600];
	struct stat st;

	for (long i = 0; i < files; i++) {
		name_of(path, sizeof(path), dir, i);
		stat(path, &st);
	}
}

static void run(const struct hr_opts *o, const char *dir, int rep)
{
	struct mutator mu[MUTATORS];
	pthread_barrier_t start;
	long cycles = o->iterations, per = o->files / MUTATORS;
	uint64_t *add = calloc(cycles, sizeof(*add)), *all, sum = 0;
	size_t total = 0;
	char params[200];

	if (!add)
		hr_die("out of memory");
	warm(dir, o->files);
	hr_barrier_init(&start, MUTATORS + 1);
	for (int t = 0; t < MUTATORS; t++) {
		mu[t] = (struct mutator){ .dir = dir, .first = t * per,
			.last = t == MUTATORS - 1 ? o->files - 1 : (t + 1) * per - 1,
			.start = &start, .lat = malloc(MAX_SAMPLES * sizeof(uint64_t)) };
		if (!mu[t].lat)
			hr_die("out of memory");
	}
	/* The window starts at the barrier and does not wait for the adds. */
	uint64_t begin = hr_now_ns();

	for (int t = 0; t < MUTATORS; t++) {
		mu[t].deadline = begin + (uint64_t)(o->duration * 1e9);
		pthread_create(&mu[t].thread, NULL, mutator_main, &mu[t]);
	}
	pthread_barrier_wait(&start);
	for (long c = 0; c < cycles; c++) {
		int ifd = inotify_init1(IN_CLOEXEC);
		uint64_t t0;

		if (ifd < 0)
			hr_die("inotify_init1: %s", strerror(errno));
		t0 = hr_now_ns();
		if (inotify_add_watch(ifd, dir, IN_MODIFY) < 0)
			hr_die("inotify_add_watch: %s", strerror(errno));
		add[c] = hr_now_ns() - t0;
		close(ifd);
		sum += add[c];
	}
	for (int t = 0; t < MUTATORS; t++) {
		pthread_join(mu[t].thread, NULL);
		total += mu[t].n;
	}
	all = malloc((total ? total : 1) * sizeof(*all));
	if (!all)
		hr_die("out of memory");
	total = 0;
	for (int t = 0; t < MUTATORS; t++) {
		memcpy(all + total, mu[t].lat, mu[t].n * sizeof(*all));
		total += mu[t].n;
		free(mu[t].lat);
	}
	qsort(add, cycles, sizeof(*add), hr_cmp_u64);
	qsort(all, total, sizeof(*all), hr_cmp_u64);
	pthread_barrier_destroy(&start);

	snprintf(params, sizeof(params),
		 "\"files\":%ld,\"cycles\":%ld,\"mutators\":%d,\"window_s\":%g,\"mutations\":%zu",
		 o->files, cycles, MUTATORS, o->duration, total);
	char row[32];

	snprintf(row, sizeof(row), "%ld", o->files);
	struct hr_row r = { "addwatch-latency", "parent", "Files", row, params, rep };
	double avg = (double)sum / cycles;

	hr_result(&r, "add_avg_ns", avg, "ns", HR_LOWER);
	hr_result(&r, "add_p50_ns", (double)hr_percentile(add, cycles, 50), "ns", HR_LOWER);
	hr_result(&r, "add_max_ns", (double)add[cycles - 1], "ns", HR_LOWER);
	hr_result(&r, "ns_per_child", avg / o->files, "ns", HR_LOWER);
	if (total) {
		hr_result(&r, "mutate_p99_ns", (double)hr_percentile(all, total, 99), "ns", HR_LOWER);
		hr_result(&r, "mutate_max_ns", (double)all[total - 1], "ns", HR_LOWER);
	}
	free(add);
	free(all);
}

int main(int argc, char **argv)
{
	struct hr_opts o;
	char dir[512];

	hr_parse_opts(argc, argv, &o, usage);
	if (o.duration <= 0)
		o.duration = 2;
	if (!o.iterations)
		o.iterations = 100;
	if (o.files < MUTATORS)
		hr_die("--files must be at least %d", MUTATORS);
	hr_header("addwatch-latency", &o, "IN_MODIFY");
	hr_make_workdir(&o, dir, sizeof(dir));
	populate(dir, o.files);
	for (int rep = 0; rep < o.reps; rep++)
		run(&o, dir, rep);
	hr_remove_tree(dir);
	return 0;
}
