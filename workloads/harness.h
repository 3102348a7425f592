/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared harness for the fsnbot workloads: option parsing, timing, CPU
 * pinning, the fsnotify "mode" setup with its listener thread, and JSON
 * line output.  Every workload prints one header line and then one line
 * per result on stdout.
 */
#ifndef FSNBOT_HARNESS_H
#define FSNBOT_HARNESS_H

#include <pthread.h>
#include <stdint.h>
#include <stdbool.h>

enum hr_mode {
	HR_MODE_NONE,		/* no mark on the filesystem */
	HR_MODE_OTHER,		/* mark on a sibling directory */
	HR_MODE_PARENT,		/* mark on the file's directory, matching */
	HR_MODE_PARENT_NOMATCH,	/* mark on the parent, never-generated event */
	HR_MODE_COUNT,
};

enum hr_direction { HR_LOWER, HR_HIGHER };

struct hr_opts {
	const char *workdir;
	unsigned int modes;	/* bit mask of enum hr_mode */
	long iterations;	/* fixed work; 0 when duration is used */
	double duration;	/* fixed time in seconds; 0 when iterations is used */
	long warmup;
	int reps;
	char clients[256];	/* comma separated list, workload specific */
	long files;
	char extra[256];	/* --variants: workload specific list */
	bool bare;		/* byte-write: bypass the harness (overhead check) */
};

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

uint64_t hr_now_ns(void);
int hr_parse_opts(int argc, char **argv, struct hr_opts *o, const char *usage);
const char *hr_mode_name(enum hr_mode m);
int hr_ncpus(void);
void hr_pin_self(int cpu);
void hr_header(const char *workload, const struct hr_opts *o, const char *mask);
/* One table row of one workload: what every result line of it carries. */
struct hr_row {
	const char *workload;
	const char *mode;
	const char *label;	/* the row column's heading, e.g. "mode", "Clients" */
	const char *row;	/* the report's row, e.g. "parent" or "4" */
	const char *params;	/* JSON members without braces */
	int rep;
};

void hr_result(const struct hr_row *r, const char *metric, double value,
	       const char *unit, enum hr_direction dir);
void hr_skip(const char *workload, const char *what, const char *why);
int hr_cmp_u64(const void *a, const void *b);
uint64_t hr_percentile(const uint64_t *sorted, size_t n, double pct);
void hr_barrier_init(pthread_barrier_t *b, unsigned int count);
bool hr_deadline_passed(uint64_t deadline);
const char *hr_fs_name(const char *dir);
void hr_each_mode(const struct hr_opts *o, void (*run)(const struct hr_opts *, enum hr_mode, int));
int hr_make_workdir(const struct hr_opts *o, char *dir, size_t len);
void hr_remove_tree(const char *dir);
int hr_listener_start(struct hr_listener *l, enum hr_mode mode,
		      const char *dir, uint32_t event, int cpu);
void hr_listener_stop(struct hr_listener *l);
void hr_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
