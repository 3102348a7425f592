// SPDX-License-Identifier: GPL-2.0
/*
 * scale-ops: will-it-scale style throughput of the system calls that pass
 * fsnotify hooks, as in the 0-day reports on fsnotify commits.  Each task
 * loops on one operation and bumps its own counter; after a warm-up the
 * counters are sampled at fixed intervals and the metric is the per-task
 * operations per second averaged over the intervals.
 *
 * Operations: write, pwrite, read, pread (1 byte), open (open+close),
 * unlink (create+unlink), pipe (1 byte through the task's own pipe).
 * File operations run in a shared directory or a directory per task.
 * Tasks are processes or threads; --clients lists the task counts.
 * --variants picks a subset, e.g. "pwrite,open,shared,thread".
 * Modes: none, or other (a mark on a sibling directory): the fast path
 * these reports are about is the unwatched one.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_TASKS 1024
#define INTERVALS 5
#define WARMUP_NS 200000000ull

enum op { OP_WRITE, OP_PWRITE, OP_READ, OP_PREAD, OP_OPEN, OP_UNLINK, OP_PIPE, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
	"write", "pwrite", "read", "pread", "open", "unlink", "pipe",
};

struct counter {
	_Atomic unsigned long ops;
	char pad[64 - sizeof(unsigned long)];
};

struct shared {
	_Atomic int stop;
	struct counter c[MAX_TASKS];
};

struct task {
	struct shared *sh;
	enum op op;
	int id;
	char dir[600];
};

static const char usage[] =
	"usage: scale-ops [--workdir DIR] [--clients TASKS,...|auto] [--duration SECONDS]\n"
	"                 [--variants OPS,LAYOUTS,KINDS] [--modes none,other] [--reps N]\n";

static void task_loop(struct task *t)
{
	char path[700], c = 'x';
	int fd = -1, p[2];

	snprintf(path, sizeof(path), "%s/t%d", t->dir, t->id);
	if (t->op == OP_PIPE) {
		if (pipe(p))
			hr_die("pipe: %s", strerror(errno));
	} else if (t->op != OP_UNLINK) {
		fd = open(path, O_RDWR | O_CREAT, 0644);
		if (fd < 0 || pwrite(fd, "x", 1, 0) != 1)
			hr_die("create %s: %s", path, strerror(errno));
	}
	hr_pin_self(t->id);
	while (!atomic_load_explicit(&t->sh->stop, memory_order_relaxed)) {
		int r = 0;

		switch (t->op) {
		case OP_WRITE:
			r = write(fd, &c, 1) == 1 ? 0 : -1;
			/* Keep the file small, as will-it-scale's write1 does. */
			if ((atomic_load_explicit(&t->sh->c[t->id].ops, memory_order_relaxed) & 4095) == 4095)
				lseek(fd, 0, SEEK_SET);
			break;
		case OP_PWRITE:
			r = pwrite(fd, &c, 1, 0) == 1 ? 0 : -1;
			break;
		case OP_READ:
			if (read(fd, &c, 1) != 1)
				r = lseek(fd, 0, SEEK_SET) < 0 ? -1 : 0;
			break;
		case OP_PREAD:
			r = pread(fd, &c, 1, 0) == 1 ? 0 : -1;
			break;
		case OP_OPEN: {
			int o = open(path, O_RDONLY);

			r = o < 0 ? -1 : close(o);
			break;
		}
		case OP_UNLINK: {
			int o = open(path, O_WRONLY | O_CREAT, 0644);

			r = o < 0 ? -1 : (close(o) || unlink(path));
			break;
		}
		case OP_PIPE:
			r = write(p[1], &c, 1) == 1 && read(p[0], &c, 1) == 1 ? 0 : -1;
			break;
		default:
			r = -1;
		}
		if (r)
			hr_die("%s: %s", op_names[t->op], strerror(errno));
		atomic_fetch_add_explicit(&t->sh->c[t->id].ops, 1, memory_order_relaxed);
	}
	if (fd >= 0)
		close(fd);
}

static void *thread_main(void *arg)
{
	task_loop(arg);
	return NULL;
}

static unsigned long total(struct shared *sh, int n)
{
	unsigned long s = 0;

	for (int i = 0; i < n; i++)
		s += atomic_load(&sh->c[i].ops);
	return s;
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000ull, .tv_nsec = ns % 1000000000ull };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Per-task ops/s, averaged over the sampled intervals. */
static double measure(struct shared *sh, int tasks, double duration)
{
	uint64_t step = (uint64_t)(duration * 1e9 / INTERVALS), t0;
	unsigned long before;
	double sum = 0;

	sleep_ns(WARMUP_NS);
	before = total(sh, tasks);
	t0 = hr_now_ns();
	for (int i = 0; i < INTERVALS; i++) {
		unsigned long now;
		uint64_t t1;

		sleep_ns(step);
		now = total(sh, tasks);
		t1 = hr_now_ns();
		sum += (now - before) * 1e9 / (t1 - t0) / tasks;
		before = now;
		t0 = t1;
	}
	return sum / INTERVALS;
}

static double run_case(const char *base, enum op op, bool per_task, bool threads, int tasks,
		       double duration)
{
	struct shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct task *t = calloc(tasks, sizeof(*t));
	pthread_t *th = calloc(tasks, sizeof(*th));
	pid_t *pid = calloc(tasks, sizeof(*pid));
	double v;

	if (sh == MAP_FAILED || !t || !th || !pid)
		hr_die("out of memory");
	for (int i = 0; i < tasks; i++) {
		t[i] = (struct task){ .sh = sh, .op = op, .id = i };
		if (per_task) {
			snprintf(t[i].dir, sizeof(t[i].dir), "%s/d%d", base, i);
			mkdir(t[i].dir, 0755);
		} else {
			snprintf(t[i].dir, sizeof(t[i].dir), "%s", base);
		}
		if (threads) {
			pthread_create(&th[i], NULL, thread_main, &t[i]);
		} else {
			pid[i] = fork();
			if (pid[i] < 0)
				hr_die("fork: %s", strerror(errno));
			if (!pid[i]) {
				task_loop(&t[i]);
				_exit(0);
			}
		}
	}
	v = measure(sh, tasks, duration);
	atomic_store(&sh->stop, 1);
	for (int i = 0; i < tasks; i++) {
		if (threads) {
			pthread_join(th[i], NULL);
		} else {
			int status;

			if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
				hr_die("task %d failed", i);
		}
	}
	munmap(sh, sizeof(*sh));
	free(t);
	free(th);
	free(pid);
	return v;
}

static bool has_token(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

/* A category none of whose names appear in the list is not filtered. */
static bool wanted(const char *list, const char *name, const char *const *all, int n)
{
	bool any = false;

	for (int i = 0; i < n; i++)
		if (has_token(list, all[i]))
			any = true;
	return !any || has_token(list, name);
}

int main(int argc, char **argv)
{
	static const char *const layouts[] = { "shared", "per-task" };
	static const char *const kinds[] = { "process", "thread" };
	struct hr_opts o;
	char base[512], list[256], *save = NULL;

	hr_parse_opts(argc, argv, &o, usage);
	if (o.duration <= 0)
		o.duration = 1;
	if (!strcmp(o.clients, "auto")) {
		char *p = o.clients;
		int n = hr_ncpus();

		for (int x = 1; x < n; x *= 2)
			p += sprintf(p, "%d,", x);
		sprintf(p, "%d", n);
	}
	/* Without --modes the harness selects every mode; here that means none. */
	if (o.modes == (1u << HR_MODE_COUNT) - 1)
		o.modes = 1u << HR_MODE_NONE;
	if (o.modes & ~((1u << HR_MODE_NONE) | (1u << HR_MODE_OTHER)))
		hr_die("scale-ops runs modes none and other only");
	hr_header("scale-ops", &o, "IN_MODIFY|IN_OPEN|IN_DELETE (other mode)");
	signal(SIGPIPE, SIG_IGN);
	hr_make_workdir(&o, base, sizeof(base));
	for (int rep = 0; rep < o.reps; rep++)
	for (int m = 0; m < HR_MODE_COUNT; m++) {
		struct hr_listener l;

		if (!(o.modes & (1u << m)))
			continue;
		hr_listener_start(&l, m, base, IN_MODIFY | IN_OPEN | IN_DELETE, -1);
		for (int op = 0; op < OP_COUNT; op++) {
			if (!wanted(o.extra, op_names[op], op_names, OP_COUNT))
				continue;
			for (int lay = 0; lay < 2; lay++) {
				if (!wanted(o.extra, layouts[lay], layouts, 2) || (op == OP_PIPE && lay))
					continue;
				for (int k = 0; k < 2; k++) {
					if (!wanted(o.extra, kinds[k], kinds, 2))
						continue;
					snprintf(list, sizeof(list), "%s", o.clients);
					for (char *tok = strtok_r(list, ",", &save); tok;
					     tok = strtok_r(NULL, ",", &save)) {
						int tasks = atoi(tok);
						char params[160], row[96];
						const char *layout = op == OP_PIPE ? "-" : layouts[lay];

						if (tasks < 1 || tasks > MAX_TASKS)
							hr_die("bad task count '%s'", tok);
						snprintf(params, sizeof(params),
							 "\"op\":\"%s\",\"layout\":\"%s\",\"kind\":\"%s\",\"tasks\":%d,\"duration_s\":%g",
							 op_names[op], layout, kinds[k], tasks, o.duration);
						snprintf(row, sizeof(row), "%s %s %s %s %d", hr_mode_name(m),
							 op_names[op], layout, kinds[k], tasks);
						struct hr_row r = { "scale-ops", hr_mode_name(m), "mode op dir kind tasks",
								    row, params, rep };

						hr_result(&r, "per_task_ops_s",
							  run_case(base, op, lay == 1, k == 1, tasks, o.duration),
							  "ops/s", HR_HIGHER);
					}
				}
			}
		}
		hr_listener_stop(&l);
	}
	hr_remove_tree(base);
	return 0;
}
