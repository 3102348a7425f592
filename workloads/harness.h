/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fsnbot workload harness.  It owns main(): option parsing, the
 * header line, the loop over repetitions, fsnotify modes and client
 * counts, and the exit status.  A workload is a struct workload naming
 * its table and axes plus a run() for one case; it reports with
 * hr_result().  The harness also has the pieces workloads share: the
 * fsnotify mode setup with its listener thread, a task fan-out (threads
 * or processes released together), timing and percentiles, and the one
 * JSON emitter every line goes through.
 */
#ifndef FSNBOT_HARNESS_H
#define FSNBOT_HARNESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum hr_mode {
	HR_MODE_NONE,		/* no mark on the filesystem */
	HR_MODE_OTHER,		/* mark on a sibling directory */
	HR_MODE_PARENT,		/* mark on the file's directory, matching */
	HR_MODE_PARENT_NOMATCH,	/* mark on the parent, never-generated event */
	HR_MODE_COUNT,
};

#define HR_ALL_MODES	((1u << HR_MODE_COUNT) - 1)
#define HR_MODE_BIT(m)	(1u << (m))

enum hr_direction { HR_LOWER, HR_HIGHER };

/* The axes a workload's table has rows along. */
#define HR_AXIS_MODES	(1u << 0)	/* a row per fsnotify mode */
#define HR_AXIS_CLIENTS	(1u << 1)	/* a row per client count */

#define HR_MAX_CLIENTS	64
#define HR_MAX_PARAMS	8

struct hr_opts {
	const char *workdir;
	unsigned int modes;	/* bit mask of enum hr_mode */
	long iterations;	/* fixed work; 0 when duration is used */
	double duration;	/* fixed time in seconds; 0 when iterations is used */
	long warmup;
	int reps;
	char clients[256];	/* comma separated list, or "auto" */
	int client_counts[HR_MAX_CLIENTS];
	int nclient_counts;
	long files;
	char variants[256];	/* --variants: workload specific list */
	bool bare;		/* byte-write: bypass the harness (overhead check) */
	bool modes_given;	/* --modes was on the command line */
};

/* One case of a workload: a repetition, a mode, a client count. */
struct hr_case {
	int rep;
	enum hr_mode mode;	/* HR_MODE_NONE for workloads without modes */
	int clients;		/* 0 for workloads without a client axis */
};

/* A workload as the harness runs it. */
struct workload {
	const char *name;	/* the binary, and "workload" in every line */
	const char *usage;	/* its own options, for --help */
	const char *label;	/* heading of the report's row column */
	const char *mask;	/* the watch mask, for the header */
	unsigned int axes;	/* HR_AXIS_* */
	unsigned int modes;	/* the modes it can run */
	unsigned int default_modes;	/* the modes it runs without --modes */
	/* What --clients auto means here (a comma separated list into list). */
	void (*auto_clients)(char *list, size_t len);
	/* Checks and completes the options, sets up; returns run()'s state. */
	void *(*setup)(struct hr_opts *o);
	void (*run)(const struct hr_opts *o, const struct hr_case *c, void *state);
	/* Cleans up; returns the exit status (nonzero: checks failed). */
	int (*teardown)(const struct hr_opts *o, void *state);
};

/* The workload this binary is: defined by each workload's source file. */
extern const struct workload hr_workload;

/* One parameter of a result line: an integer, a number or a string. */
enum hr_param_type { HR_PARAM_END, HR_PARAM_INT, HR_PARAM_NUM, HR_PARAM_STR };

struct hr_param {
	const char *key;
	enum hr_param_type type;
	long long i;
	double d;
	const char *s;
};

#define HR_INT(k, v)	{ .key = (k), .type = HR_PARAM_INT, .i = (long long)(v) }
#define HR_NUM(k, v)	{ .key = (k), .type = HR_PARAM_NUM, .d = (v) }
#define HR_STR(k, v)	{ .key = (k), .type = HR_PARAM_STR, .s = (v) }

/* One table row of a workload: what every result line of it carries. */
struct hr_row {
	const char *mode;	/* NULL: the case's mode */
	const char *row;	/* the report's row, e.g. "parent" or "4" */
	int rep;
	struct hr_param params[HR_MAX_PARAMS];	/* up to the first HR_PARAM_END */
};

/* A JSON object built up and printed as one line. */
struct hr_json {
	char buf[4096];
	size_t len;
	bool open_member;	/* a member was written at this level */
};

void hr_json_begin(struct hr_json *j, const char *type);
void hr_json_str(struct hr_json *j, const char *key, const char *val);
void hr_json_int(struct hr_json *j, const char *key, long long val);
void hr_json_num(struct hr_json *j, const char *key, double val);
void hr_json_object(struct hr_json *j, const char *key);
void hr_json_object_end(struct hr_json *j);
void hr_json_print(struct hr_json *j);

void hr_result(const struct hr_case *c, const struct hr_row *r, const char *metric, double value,
	       const char *unit, enum hr_direction dir);
void hr_skip(const char *what, const char *why);

/* The listener side of a mode: an inotify fd, its watch, a drain thread. */
struct hr_listener {
	int ifd;
	int stop_fd;
	pthread_t thread;
	uint32_t mask;
	char other_dir[512];
	uint64_t events;
	uint64_t overflows;
};

int hr_listener_start(struct hr_listener *l, enum hr_mode mode, const char *dir, uint32_t event, int cpu);
void hr_listener_stop(struct hr_listener *l);

/* Tasks started together: each prepares, waits for the start, then runs. */
enum hr_task_kind { HR_THREADS, HR_PROCESSES };

struct hr_task_ops {
	void (*prepare)(int id, void *arg);	/* before the start; may be NULL */
	void (*run)(int id, void *arg);		/* after hr_tasks_go() */
};

struct hr_tasks;

struct hr_tasks *hr_tasks_start(enum hr_task_kind kind, int n, const struct hr_task_ops *ops, void *arg);
void hr_tasks_go(struct hr_tasks *t);
void hr_tasks_wait(struct hr_tasks *t);

/*
 * Retired instructions of the calling thread, user and kernel
 * (perf_event_open), around a measured loop: on KVM and bare metal a
 * path-length figure beside the time.  Where there is no PMU (TCG) the
 * counter does not open and the figure is absent, never zero.
 */
struct hr_insns {
	int fd;		/* -1: no counter here */
};

void hr_insns_start(struct hr_insns *k);
bool hr_insns_stop(struct hr_insns *k, uint64_t *count);

uint64_t hr_now_ns(void);
bool hr_deadline_passed(uint64_t deadline);
const char *hr_mode_name(enum hr_mode m);
int hr_ncpus(void);
void hr_pin_self(int cpu);
int hr_cmp_u64(const void *a, const void *b);
uint64_t hr_percentile(const uint64_t *sorted, size_t n, double pct);
const char *hr_fs_name(const char *dir);
void hr_make_workdir(const struct hr_opts *o, char *dir, size_t len);
void hr_remove_tree(const char *dir);
void hr_powers_of_two(char *list, size_t len, int top, bool with_top);
bool hr_has_variant(const struct hr_opts *o, const char *name);
void *hr_alloc(size_t n, size_t size);
void hr_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
