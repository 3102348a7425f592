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
#include <time.h>
#include <unistd.h>

#define MAX_TASKS 1024
#define INTERVALS 5
#define WARMUP_NS 200000000ull

enum op { OP_WRITE, OP_PWRITE, OP_READ, OP_PREAD, OP_OPEN, OP_UNLINK, OP_PIPE, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
	"write", "pwrite", "read", "pread", "open", "unlink", "pipe",
};
static const char *const layouts[] = { "shared", "per-task" };
static const char *const kinds[] = { "process", "thread" };

/* One case of the table: an operation, where its files are, what runs it. */
struct variant {
	enum op op;
	bool per_task;
	enum hr_task_kind kind;
};

struct counter {
	_Atomic unsigned long ops;
	char pad[64 - sizeof(unsigned long)];
};

/* Shared with task processes: the counters and the stop flag. */
struct shared {
	_Atomic int stop;
	struct counter c[MAX_TASKS];
};

struct task {
	struct shared *sh;
	enum op op;
	char path[700];
	int fd;
	int pipe[2];
};

struct state {
	char base[512];
};

static void task_prepare(int id, void *arg)
{
	struct task *t = (struct task *)arg + id;

	if (t->op == OP_PIPE) {
		if (pipe(t->pipe))
			hr_die("pipe: %s", strerror(errno));
	} else if (t->op != OP_UNLINK) {
		t->fd = open(t->path, O_RDWR | O_CREAT, 0644);
		if (t->fd < 0 || pwrite(t->fd, "x", 1, 0) != 1)
			hr_die("create %s: %s", t->path, strerror(errno));
	}
	hr_pin_self(id);
}

/* One operation; nonzero when it failed. */
static int one_op(struct task *t, unsigned long done)
{
	char c = 'x';
	int o;

	switch (t->op) {
	case OP_WRITE:
		/* Keep the file small, as will-it-scale's write1 does. */
		if ((done & 4095) == 4095 && lseek(t->fd, 0, SEEK_SET) < 0)
			return -1;
		return write(t->fd, &c, 1) == 1 ? 0 : -1;
	case OP_PWRITE:
		return pwrite(t->fd, &c, 1, 0) == 1 ? 0 : -1;
	case OP_READ:
		return read(t->fd, &c, 1) == 1 || lseek(t->fd, 0, SEEK_SET) == 0 ? 0 : -1;
	case OP_PREAD:
		return pread(t->fd, &c, 1, 0) == 1 ? 0 : -1;
	case OP_OPEN:
		o = open(t->path, O_RDONLY);
		return o < 0 ? -1 : close(o);
	case OP_UNLINK:
		o = open(t->path, O_WRONLY | O_CREAT, 0644);
		return o < 0 ? -1 : close(o) || unlink(t->path);
	case OP_PIPE:
		return write(t->pipe[1], &c, 1) == 1 && read(t->pipe[0], &c, 1) == 1 ? 0 : -1;
	default:
		return -1;
	}
}

static void task_run(int id, void *arg)
{
	struct task *t = (struct task *)arg + id;
	struct counter *mine = &t->sh->c[id];

	while (!atomic_load_explicit(&t->sh->stop, memory_order_relaxed)) {
		if (one_op(t, atomic_load_explicit(&mine->ops, memory_order_relaxed)))
			hr_die("%s: %s", op_names[t->op], strerror(errno));
		atomic_fetch_add_explicit(&mine->ops, 1, memory_order_relaxed);
	}
	if (t->op == OP_PIPE) {
		close(t->pipe[0]);
		close(t->pipe[1]);
	} else if (t->op != OP_UNLINK) {
		close(t->fd);
	}
}

static const struct hr_task_ops task_ops = { .prepare = task_prepare, .run = task_run };

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

/* Per-task ops/s, averaged over the sampled intervals after a warm-up (shorter for short runs). */
static double measure(struct shared *sh, int tasks, double duration)
{
	uint64_t step = (uint64_t)(duration * 1e9 / INTERVALS), t0;
	uint64_t warmup = (uint64_t)(duration * 1e9 / 2);
	unsigned long before;
	double sum = 0;

	sleep_ns(warmup < WARMUP_NS ? warmup : WARMUP_NS);
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

static double run_variant(const char *base, const struct variant *v, int tasks, double duration)
{
	struct shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct task *t = hr_alloc(tasks, sizeof(*t));
	struct hr_tasks *running;
	double per_task;

	if (sh == MAP_FAILED)
		hr_die("mmap: %s", strerror(errno));
	for (int i = 0; i < tasks; i++) {
		char dir[600];

		t[i] = (struct task){ .sh = sh, .op = v->op };
		snprintf(dir, sizeof(dir), v->per_task ? "%s/d%d" : "%s", base, i);
		if (v->per_task && mkdir(dir, 0755) && errno != EEXIST)
			hr_die("mkdir %s: %s", dir, strerror(errno));
		snprintf(t[i].path, sizeof(t[i].path), "%s/t%d", dir, i);
	}
	running = hr_tasks_start(v->kind, tasks, &task_ops, t);
	hr_tasks_go(running);
	per_task = measure(sh, tasks, duration);
	atomic_store(&sh->stop, 1);
	hr_tasks_wait(running);
	munmap(sh, sizeof(*sh));
	free(t);
	return per_task;
}

/* Whether a category's name is selected: a category none of whose names are listed is not filtered. */
static bool wanted(const struct hr_opts *o, const char *name, const char *const *all, int n)
{
	for (int i = 0; i < n; i++)
		if (hr_has_variant(o, all[i]))
			return hr_has_variant(o, name);
	return true;
}

/* The variants --variants selects; a pipe has no files, so no per-task layout. */
static int variants(const struct hr_opts *o, struct variant *out)
{
	int n = 0;

	for (int op = 0; op < OP_COUNT; op++)
		for (int lay = 0; lay < 2; lay++)
			for (int k = 0; k < 2; k++)
				if (wanted(o, op_names[op], op_names, OP_COUNT) && wanted(o, layouts[lay], layouts, 2) &&
				    wanted(o, kinds[k], kinds, 2) && !(op == OP_PIPE && lay))
					out[n++] = (struct variant){ op, lay == 1, k ? HR_THREADS : HR_PROCESSES };
	return n;
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	struct state *s = state;
	struct variant v[OP_COUNT * 4];
	int nv = variants(o, v);
	struct hr_listener l;

	hr_listener_start(&l, c->mode, s->base, IN_MODIFY | IN_OPEN | IN_DELETE, -1);
	for (int i = 0; i < nv; i++) {
		const char *layout = v[i].op == OP_PIPE ? "-" : layouts[v[i].per_task];
		const char *kind = kinds[v[i].kind == HR_THREADS];
		char row[96];

		snprintf(row, sizeof(row), "%s %s %s %s %d", hr_mode_name(c->mode), op_names[v[i].op], layout, kind,
			 c->clients);
		struct hr_row r = {
			.row = row,
			.params = { HR_STR("op", op_names[v[i].op]), HR_STR("layout", layout), HR_STR("kind", kind),
				    HR_INT("tasks", c->clients), HR_NUM("duration_s", o->duration) },
		};

		hr_result(c, &r, "per_task_ops_s", run_variant(s->base, &v[i], c->clients, o->duration), "ops/s",
			  HR_HIGHER);
	}
	hr_listener_stop(&l);
}

static void auto_clients(char *list, size_t len)
{
	hr_powers_of_two(list, len, hr_ncpus(), true);
}

static void *setup(struct hr_opts *o)
{
	struct state *s = hr_alloc(1, sizeof(*s));

	if (o->duration <= 0)
		o->duration = 1;
	for (int i = 0; i < o->nclient_counts; i++)
		if (o->client_counts[i] > MAX_TASKS)
			hr_die("at most %d tasks", MAX_TASKS);
	signal(SIGPIPE, SIG_IGN);
	hr_make_workdir(o, s->base, sizeof(s->base));
	return s;
}

static int teardown(const struct hr_opts *o, void *state)
{
	struct state *s = state;

	(void)o;
	hr_remove_tree(s->base);
	free(s);
	return 0;
}

const struct workload hr_workload = {
	.name = "scale-ops",
	.usage = "usage: scale-ops [--clients TASKS,...|auto] [--duration SECONDS]\n"
		 "                 [--variants OPS,LAYOUTS,KINDS] [--modes none,other]\n",
	.label = "mode op dir kind tasks",
	.mask = "IN_MODIFY|IN_OPEN|IN_DELETE (other mode)",
	.axes = HR_AXIS_MODES | HR_AXIS_CLIENTS,
	.modes = HR_MODE_BIT(HR_MODE_NONE) | HR_MODE_BIT(HR_MODE_OTHER),
	.default_modes = HR_MODE_BIT(HR_MODE_NONE),
	.auto_clients = auto_clients,
	.setup = setup,
	.run = run,
	.teardown = teardown,
};
