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
#include <sys/wait.h>
#include <unistd.h>

#define PER_GROUP 20
#define MSG 100

static const char usage[] =
	"usage: pipe-messaging [--clients GROUPS,...|auto] [--iterations LOOPS] [--reps N]\n";

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

/* Children wait for the start pipe to close, so all begin together. */
static void wait_start(int ready, int start)
{
	char c;

	full_write(ready, "r", 1);
	while (read(start, &c, 1) > 0)
		;
}

static void receiver(int in, long msgs, int ready, int start)
{
	char buf[MSG];

	wait_start(ready, start);
	for (long got = 0; got < msgs * MSG;) {
		ssize_t n = read(in, buf, sizeof(buf));

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			hr_die("receiver read: %s", n ? strerror(errno) : "early EOF");
		}
		got += n;
	}
	_exit(0);
}

static void sender(const int *outs, long loops, int ready, int start)
{
	char msg[MSG];

	memset(msg, 'm', sizeof(msg));
	wait_start(ready, start);
	for (long i = 0; i < loops; i++)
		for (int r = 0; r < PER_GROUP; r++)
			full_write(outs[r], msg, sizeof(msg));
	_exit(0);
}

static double run_groups(int groups, long loops)
{
	int nproc = groups * PER_GROUP * 2, ready[2], start[2];
	pid_t *pids = calloc(nproc, sizeof(*pids));
	int (*fds)[PER_GROUP][2] = calloc(groups, sizeof(*fds));
	uint64_t t0;
	int k = 0;
	char c;

	if (!pids || !fds || pipe(ready) || pipe(start))
		hr_die("setup: %s", strerror(errno));
	for (int g = 0; g < groups; g++) {
		for (int r = 0; r < PER_GROUP; r++)
			if (pipe(fds[g][r]))
				hr_die("pipe: %s", strerror(errno));
		for (int r = 0; r < PER_GROUP; r++) {
			pid_t p = fork();

			if (p < 0)
				hr_die("fork: %s", strerror(errno));
			if (!p) {
				close(start[1]);
				receiver(fds[g][r][0], (long)PER_GROUP * loops, ready[1], start[0]);
			}
			pids[k++] = p;
		}
		for (int s = 0; s < PER_GROUP; s++) {
			pid_t p = fork();
			int outs[PER_GROUP];

			if (p < 0)
				hr_die("fork: %s", strerror(errno));
			if (!p) {
				close(start[1]);
				for (int r = 0; r < PER_GROUP; r++)
					outs[r] = fds[g][r][1];
				sender(outs, loops, ready[1], start[0]);
			}
			pids[k++] = p;
		}
		for (int r = 0; r < PER_GROUP; r++)
			close(fds[g][r][0]);
	}
	for (int i = 0; i < nproc; i++)
		if (read(ready[0], &c, 1) != 1)
			hr_die("child did not start");
	t0 = hr_now_ns();
	close(start[1]);
	for (int i = 0; i < nproc; i++) {
		int status;

		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			hr_die("child %d failed", pids[i]);
	}
	double secs = (hr_now_ns() - t0) / 1e9;

	for (int g = 0; g < groups; g++)
		for (int r = 0; r < PER_GROUP; r++)
			close(fds[g][r][1]);
	close(ready[0]);
	close(ready[1]);
	close(start[0]);
	free(pids);
	free(fds);
	return secs;
}

int main(int argc, char **argv)
{
	struct hr_opts o;
	char *save = NULL;

	hr_parse_opts(argc, argv, &o, usage);
	if (!o.iterations)
		hr_die("pipe-messaging is fixed-work: use --iterations");
	if (!strcmp(o.clients, "auto")) {
		char *p = o.clients;

		for (int g = 1; g <= 4 * hr_ncpus(); g *= 2)
			p += sprintf(p, "%s%d", g > 1 ? "," : "", g);
	}
	hr_header("pipe-messaging", &o, "none");
	signal(SIGPIPE, SIG_IGN);
	for (int rep = 0; rep < o.reps; rep++) {
		char list[256];

		snprintf(list, sizeof(list), "%s", o.clients);
		for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
			int groups = atoi(t);
			char params[96], row[16];

			if (groups < 1)
				hr_die("bad group count '%s'", t);
			snprintf(params, sizeof(params), "\"groups\":%d,\"loops\":%ld,\"processes\":%d",
				 groups, o.iterations, groups * PER_GROUP * 2);
			snprintf(row, sizeof(row), "%d", groups);
			struct hr_row r = { "pipe-messaging", "none", "Amean", row, params, rep };

			hr_result(&r, "total_s", run_groups(groups, o.iterations), "s", HR_LOWER);
		}
	}
	return 0;
}
