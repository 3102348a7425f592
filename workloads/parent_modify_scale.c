// SPDX-License-Identifier: GPL-2.0
/*
 * parent-modify-scale: Jan Kara's test from seed 000.  A tmpfs directory
 * of 4 KiB files with an IN_MODIFY watch on it and a listener draining
 * events; X client threads each open their own file and warm up, are
 * released together, then time N one-byte pwrite() at offset 0.
 *
 * Metrics per client count and repetition: avg_client_s and max_client_s
 * (lower), ns_per_write (lower), writes_per_s aggregate (higher), plus
 * events and overflows seen by the listener.
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

struct state {
	char dir[512];
};

struct client {
	char path[600];
	long writes;
	long warmup;
	int cpu;
	int fd;
	uint64_t elapsed;
};

static void client_prepare(int id, void *arg)
{
	struct client *c = (struct client *)arg + id;
	const char b = 'x';

	hr_pin_self(c->cpu);
	c->fd = open(c->path, O_WRONLY);
	if (c->fd < 0)
		hr_die("open %s: %s", c->path, strerror(errno));
	for (long i = 0; i < c->warmup; i++)
		if (pwrite(c->fd, &b, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
}

static void client_run(int id, void *arg)
{
	struct client *c = (struct client *)arg + id;
	const char b = 'x';
	uint64_t start = hr_now_ns();

	for (long i = 0; i < c->writes; i++)
		if (pwrite(c->fd, &b, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
	c->elapsed = hr_now_ns() - start;
	close(c->fd);
}

static const struct hr_task_ops client_ops = { .prepare = client_prepare, .run = client_run };

/* Powers of two up to twice the CPUs, at most 1024, as in the seed. */
static void auto_clients(char *list, size_t len)
{
	int top = 2 * hr_ncpus() < 1024 ? 2 * hr_ncpus() : 1024;

	hr_powers_of_two(list, len, top, false);
}

static void *setup(struct hr_opts *o)
{
	static char page[4096];
	struct state *s = hr_alloc(1, sizeof(*s));
	char path[600];

	if (o->duration > 0)
		hr_die("fixed-work: use --iterations");
	for (int i = 0; i < o->nclient_counts; i++)
		if (o->client_counts[i] > o->files)
			o->files = o->client_counts[i];
	memset(page, 'a', sizeof(page));
	hr_make_workdir(o, s->dir, sizeof(s->dir));
	for (long i = 0; i < o->files; i++) {
		int fd;

		snprintf(path, sizeof(path), "%s/f%04ld", s->dir, i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, page, sizeof(page)) != sizeof(page))
			hr_die("create %s: %s", path, strerror(errno));
		close(fd);
	}
	return s;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	struct state *s = state;
	struct client *cl = hr_alloc(c->clients, sizeof(*cl));
	int ncpu = hr_ncpus();
	double sum = 0, max = 0, avg;
	struct hr_listener l;
	struct hr_tasks *t;
	char row[16];

	/* The listener gets the last CPU; clients fill the others first. */
	hr_listener_start(&l, HR_MODE_PARENT, s->dir, IN_MODIFY, ncpu - 1);
	for (int i = 0; i < c->clients; i++) {
		snprintf(cl[i].path, sizeof(cl[i].path), "%s/f%04d", s->dir, i);
		cl[i].writes = o->iterations;
		cl[i].warmup = o->warmup;
		cl[i].cpu = ncpu > 1 ? i % (ncpu - 1) : 0;
	}
	t = hr_tasks_start(HR_THREADS, c->clients, &client_ops, cl);
	hr_tasks_go(t);
	hr_tasks_wait(t);
	hr_listener_stop(&l);
	for (int i = 0; i < c->clients; i++) {
		double secs = cl[i].elapsed / 1e9;

		sum += secs;
		if (secs > max)
			max = secs;
	}
	avg = sum / c->clients;
	snprintf(row, sizeof(row), "%d", c->clients);

	struct hr_row r = {
		.mode = "parent",
		.row = row,
		.params = { HR_INT("clients", c->clients), HR_INT("writes", o->iterations), HR_INT("files", o->files),
			    HR_INT("events", l.events), HR_INT("overflows", l.overflows) },
	};

	hr_result(c, &r, "avg_client_s", avg, "s", HR_LOWER);
	hr_result(c, &r, "max_client_s", max, "s", HR_LOWER);
	hr_result(c, &r, "ns_per_write", avg * 1e9 / o->iterations, "ns", HR_LOWER);
	hr_result(c, &r, "writes_per_s", (double)c->clients * o->iterations / max, "writes/s", HR_HIGHER);
	free(cl);
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
	.name = "parent-modify-scale",
	.usage = "usage: parent-modify-scale [--clients 1,2,4|auto] [--files N] [--iterations N]\n",
	.label = "Clients",
	.mask = "IN_MODIFY",
	.axes = HR_AXIS_CLIENTS,
	.auto_clients = auto_clients,
	.setup = setup,
	.run = run,
	.teardown = teardown,
};
