// SPDX-License-Identifier: GPL-2.0
/*
 * parent-modify-scale: Jan Kara's test from seed 000.  A tmpfs directory
 * of 4 KiB files with an IN_MODIFY watch on it and a listener draining
 * events; X client threads each open their own file, wait at a common
 * barrier, then time N one-byte pwrite() at offset 0.
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

static const char usage[] =
	"usage: parent-modify-scale [--workdir DIR] [--clients 1,2,4|auto] [--files N]\n"
	"                           [--iterations N] [--warmup N] [--reps N]\n";

struct client {
	pthread_t thread;
	pthread_barrier_t *barrier;
	const char *path;
	long writes;
	long warmup;
	int cpu;
	uint64_t elapsed;
};

static void *client_main(void *arg)
{
	struct client *c = arg;
	const char b = 'x';
	uint64_t start;
	int fd;

	hr_pin_self(c->cpu);
	fd = open(c->path, O_WRONLY);
	if (fd < 0)
		hr_die("open %s: %s", c->path, strerror(errno));
	for (long i = 0; i < c->warmup; i++)
		if (pwrite(fd, &b, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
	pthread_barrier_wait(c->barrier);
	start = hr_now_ns();
	for (long i = 0; i < c->writes; i++)
		if (pwrite(fd, &b, 1, 0) != 1)
			hr_die("pwrite: %s", strerror(errno));
	c->elapsed = hr_now_ns() - start;
	close(fd);
	return NULL;
}

static void make_files(const char *dir, long files)
{
	static char page[4096];
	char path[600];

	memset(page, 'a', sizeof(page));
	for (long i = 0; i < files; i++) {
		int fd;

		snprintf(path, sizeof(path), "%s/f%04ld", dir, i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, page, sizeof(page)) != sizeof(page))
			hr_die("create %s: %s", path, strerror(errno));
		close(fd);
	}
}

static void run_clients(const struct hr_opts *o, const char *dir, int nclients,
			int rep)
{
	struct client *cl = calloc(nclients, sizeof(*cl));
	char (*paths)[600] = calloc(nclients, sizeof(*paths));
	int ncpu = hr_ncpus();
	pthread_barrier_t barrier;
	struct hr_listener l;
	double sum = 0, max = 0, avg;
	char params[160], row[16];

	if (!cl || !paths)
		hr_die("out of memory");
	/* The listener gets the last CPU; clients fill the others first. */
	hr_listener_start(&l, HR_MODE_PARENT, dir, IN_MODIFY, ncpu - 1);
	pthread_barrier_init(&barrier, NULL, nclients);
	for (int i = 0; i < nclients; i++) {
		snprintf(paths[i], sizeof(paths[i]), "%s/f%04d", dir, i);
		cl[i].path = paths[i];
		cl[i].barrier = &barrier;
		cl[i].writes = o->iterations;
		cl[i].warmup = o->warmup;
		cl[i].cpu = ncpu > 1 ? i % (ncpu - 1) : 0;
		if (pthread_create(&cl[i].thread, NULL, client_main, &cl[i]))
			hr_die("pthread_create client");
	}
	for (int i = 0; i < nclients; i++) {
		double s;

		pthread_join(cl[i].thread, NULL);
		s = cl[i].elapsed / 1e9;
		sum += s;
		if (s > max)
			max = s;
	}
	hr_listener_stop(&l);
	pthread_barrier_destroy(&barrier);

	avg = sum / nclients;
	snprintf(params, sizeof(params),
		 "\"clients\":%d,\"writes\":%ld,\"files\":%ld,\"events\":%llu,\"overflows\":%llu",
		 nclients, o->iterations, o->files,
		 (unsigned long long)l.events, (unsigned long long)l.overflows);
	snprintf(row, sizeof(row), "%d", nclients);
	struct hr_row r = { "parent-modify-scale", "parent", "Clients", row, params, rep };

	hr_result(&r, "avg_client_s", avg, "s", HR_LOWER);
	hr_result(&r, "max_client_s", max, "s", HR_LOWER);
	hr_result(&r, "ns_per_write", avg * 1e9 / o->iterations, "ns", HR_LOWER);
	hr_result(&r, "writes_per_s", (double)nclients * o->iterations / max,
		  "writes/s", HR_HIGHER);
	free(cl);
	free(paths);
}

int main(int argc, char **argv)
{
	struct hr_opts o;
	int counts[64], ncounts = 0, maxc = 0;
	char dir[512], *save = NULL;

	hr_parse_opts(argc, argv, &o, usage);
	if (o.duration > 0)
		hr_die("parent-modify-scale is fixed-work: use --iterations");
	if (!strcmp(o.clients, "auto")) {
		int top = 2 * hr_ncpus() < 1024 ? 2 * hr_ncpus() : 1024;
		char *p = o.clients;

		for (int x = 1; x <= top; x *= 2)
			p += sprintf(p, "%s%d", x > 1 ? "," : "", x);
	}
	for (char *t = strtok_r(o.clients, ",", &save); t && ncounts < 64;
	     t = strtok_r(NULL, ",", &save)) {
		counts[ncounts] = atoi(t);
		if (counts[ncounts] < 1)
			hr_die("bad client count '%s'", t);
		if (counts[ncounts] > maxc)
			maxc = counts[ncounts];
		ncounts++;
	}
	if (o.files < maxc)
		o.files = maxc;

	hr_header("parent-modify-scale", &o, "IN_MODIFY");
	hr_make_workdir(&o, dir, sizeof(dir));
	make_files(dir, o.files);
	for (int rep = 0; rep < o.reps; rep++)
		for (int i = 0; i < ncounts; i++)
			run_clients(&o, dir, counts[i], rep);
	hr_remove_tree(dir);
	return 0;
}
