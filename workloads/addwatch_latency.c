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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define MUTATORS 8
#define MAX_SAMPLES (1 << 20)

struct state {
	char dir[512];
};

struct mutator {
	const char *dir;
	long first, last;
	uint64_t deadline;
	uint64_t *lat;
	size_t n;
};

static void name_of(char *buf, size_t len, const char *dir, long i)
{
	snprintf(buf, len, "%s/f%07ld", dir, i);
}

static void make_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0)
		hr_die("create %s: %s", path, strerror(errno));
	close(fd);
}

static void mutate(int id, void *arg)
{
	struct mutator *m = (struct mutator *)arg + id;
	char path[600];

	for (long i = m->first; !hr_deadline_passed(m->deadline); i = i == m->last ? m->first : i + 1) {
		uint64_t t0 = hr_now_ns();

		name_of(path, sizeof(path), m->dir, i);
		if (unlink(path) && errno != ENOENT)
			hr_die("unlink %s: %s", path, strerror(errno));
		make_file(path);
		if (m->n < MAX_SAMPLES)
			m->lat[m->n++] = hr_now_ns() - t0;
	}
}

static const struct hr_task_ops mutator_ops = { .run = mutate };

/* The mutators' latencies, all together and sorted. */
static uint64_t *gather(struct mutator *mu, size_t *total)
{
	uint64_t *all;

	*total = 0;
	for (int t = 0; t < MUTATORS; t++)
		*total += mu[t].n;
	all = hr_alloc(*total, sizeof(*all));
	*total = 0;
	for (int t = 0; t < MUTATORS; t++) {
		memcpy(all + *total, mu[t].lat, mu[t].n * sizeof(*all));
		*total += mu[t].n;
		free(mu[t].lat);
	}
	qsort(all, *total, sizeof(*all), hr_cmp_u64);
	return all;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	struct state *s = state;
	struct mutator mu[MUTATORS];
	long cycles = o->iterations, per = o->files / MUTATORS;
	uint64_t *add = hr_alloc(cycles, sizeof(*add)), *all, sum = 0, begin;
	struct hr_tasks *t;
	struct stat st;
	char path[600], row[32];
	size_t total;

	for (long i = 0; i < o->files; i++) {
		name_of(path, sizeof(path), s->dir, i);
		stat(path, &st);
	}
	/* The window starts now and does not wait for the adds. */
	begin = hr_now_ns();
	for (int i = 0; i < MUTATORS; i++)
		mu[i] = (struct mutator){
			.dir = s->dir,
			.first = i * per,
			.last = i == MUTATORS - 1 ? o->files - 1 : (i + 1) * per - 1,
			.deadline = begin + (uint64_t)(o->duration * 1e9),
			.lat = hr_alloc(MAX_SAMPLES, sizeof(uint64_t)),
		};
	t = hr_tasks_start(HR_THREADS, MUTATORS, &mutator_ops, mu);
	hr_tasks_go(t);
	for (long i = 0; i < cycles; i++) {
		int ifd = inotify_init1(IN_CLOEXEC);
		uint64_t t0;

		if (ifd < 0)
			hr_die("inotify_init1: %s", strerror(errno));
		t0 = hr_now_ns();
		if (inotify_add_watch(ifd, s->dir, IN_MODIFY) < 0)
			hr_die("inotify_add_watch: %s", strerror(errno));
		add[i] = hr_now_ns() - t0;
		close(ifd);
		sum += add[i];
	}
	hr_tasks_wait(t);
	all = gather(mu, &total);
	qsort(add, cycles, sizeof(*add), hr_cmp_u64);

	snprintf(row, sizeof(row), "%ld", o->files);
	struct hr_row r = {
		.mode = "parent",
		.row = row,
		.params = { HR_INT("files", o->files), HR_INT("cycles", cycles), HR_INT("mutators", MUTATORS),
			    HR_NUM("window_s", o->duration), HR_INT("mutations", total) },
	};
	double avg = (double)sum / cycles;

	hr_result(c, &r, "add_avg_ns", avg, "ns", HR_LOWER);
	hr_result(c, &r, "add_p50_ns", (double)hr_percentile(add, cycles, 50), "ns", HR_LOWER);
	hr_result(c, &r, "add_max_ns", (double)add[cycles - 1], "ns", HR_LOWER);
	hr_result(c, &r, "ns_per_child", avg / o->files, "ns", HR_LOWER);
	if (total) {
		hr_result(c, &r, "mutate_p99_ns", (double)hr_percentile(all, total, 99), "ns", HR_LOWER);
		hr_result(c, &r, "mutate_max_ns", (double)all[total - 1], "ns", HR_LOWER);
	}
	free(add);
	free(all);
}

static void *setup(struct hr_opts *o)
{
	struct state *s = hr_alloc(1, sizeof(*s));
	char path[600];

	if (o->duration <= 0)
		o->duration = 2;
	if (!o->iterations)
		o->iterations = 100;
	if (o->files < MUTATORS)
		hr_die("--files must be at least %d", MUTATORS);
	hr_make_workdir(o, s->dir, sizeof(s->dir));
	for (long i = 0; i < o->files; i++) {
		name_of(path, sizeof(path), s->dir, i);
		make_file(path);
	}
	return s;
}

static int teardown(const struct hr_opts *o, void *state)
{
	struct state *s = state;

	(void)o;
	hr_remove_tree(s->dir);
	free(s);
	return 0;
}

const struct workload hr_workload = {
	.name = "addwatch-latency",
	.usage = "usage: addwatch-latency [--files N] [--iterations CYCLES] [--duration MUTATOR_WINDOW_S]\n",
	.label = "Files",
	.mask = "IN_MODIFY",
	.setup = setup,
	.run = run,
	.teardown = teardown,
};
