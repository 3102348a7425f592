// SPDX-License-Identifier: GPL-2.0
/*
 * pipe-messaging: hackbench over pipes, as `perf bench sched messaging
 * --pipe` that Mel Gorman's fsnotify numbers used (seed 002).  Each group
 * is 20 sender and 20 receiver processes; every sender writes --iterations
 * 100-byte messages to every receiver of its group.  The metric is the
 * total seconds from a common start until the last receiver is done.
 * Pipes carry fsnotify hooks on every read and write, which is why this
 * load shows fsnotify fast-path changes.
 *
 * --clients lists the group counts ("auto": 1, 2, 4, ... up to 4 x CPUs).
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PER_GROUP 20
#define MSG 100

/* The pipes of all groups: receiver r of group g reads pipes[g][r][0]. */
struct groups {
	int n;
	long loops;
	int (*pipes)[PER_GROUP][2];
};

static void full_write(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			hr_die("write: %s", strerror(errno));
		}
		buf += n;
		len -= n;
	}
}

static void receive(int fd, long bytes)
{
	char buf[MSG];

	for (long got = 0; got < bytes;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			hr_die("receiver read: %s", n ? strerror(errno) : "early EOF");
		}
		got += n;
	}
}

static void send_all(const int (*pipes)[2], long loops)
{
	char msg[MSG];

	memset(msg, 'm', sizeof(msg));
	for (long i = 0; i < loops; i++)
		for (int r = 0; r < PER_GROUP; r++)
			full_write(pipes[r][1], msg, sizeof(msg));
}

/* Task ids: per group, PER_GROUP receivers then PER_GROUP senders. */
static void member(int id, void *arg)
{
	struct groups *g = arg;
	int group = id / (2 * PER_GROUP), k = id % (2 * PER_GROUP);

	if (k < PER_GROUP)
		receive(g->pipes[group][k][0], (long)PER_GROUP * g->loops * MSG);
	else
		send_all((const int (*)[2])g->pipes[group], g->loops);
}

static const struct hr_task_ops member_ops = { .run = member };

static double run_groups(int groups, long loops)
{
	struct groups g = { .n = groups, .loops = loops, .pipes = hr_alloc(groups, sizeof(*g.pipes)) };
	struct hr_tasks *t;
	uint64_t t0;

	for (int i = 0; i < groups; i++)
		for (int r = 0; r < PER_GROUP; r++)
			if (pipe(g.pipes[i][r]))
				hr_die("pipe: %s", strerror(errno));
	t = hr_tasks_start(HR_PROCESSES, groups * 2 * PER_GROUP, &member_ops, &g);
	hr_tasks_go(t);
	t0 = hr_now_ns();
	hr_tasks_wait(t);
	double secs = (hr_now_ns() - t0) / 1e9;

	for (int i = 0; i < groups; i++)
		for (int r = 0; r < PER_GROUP; r++) {
			close(g.pipes[i][r][0]);
			close(g.pipes[i][r][1]);
		}
	free(g.pipes);
	return secs;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	char row[16];

	(void)state;
	snprintf(row, sizeof(row), "%d", c->clients);
	struct hr_row r = {
		.mode = "none",
		.row = row,
		.params = { HR_INT("groups", c->clients), HR_INT("loops", o->iterations),
			    HR_INT("processes", c->clients * PER_GROUP * 2) },
	};

	hr_result(c, &r, "total_s", run_groups(c->clients, o->iterations), "s", HR_LOWER);
}

static void auto_clients(char *list, size_t len)
{
	hr_powers_of_two(list, len, 4 * hr_ncpus(), false);
}

static void *setup(struct hr_opts *o)
{
	if (!o->iterations)
		hr_die("fixed-work: use --iterations");
	signal(SIGPIPE, SIG_IGN);
	return NULL;
}

const struct workload hr_workload = {
	.name = "pipe-messaging",
	.usage = "usage: pipe-messaging [--clients GROUPS,...|auto] [--iterations LOOPS]\n",
	.label = "groups",
	.mask = "none",
	.axes = HR_AXIS_CLIENTS,
	.auto_clients = auto_clients,
	.setup = setup,
	.run = run,
};
