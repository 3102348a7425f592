// SPDX-License-Identifier: GPL-2.0
/*
 * fsnotify-gate: functional checks run before any timing.  A kernel that
 * loses or garbles events must not get a performance verdict.
 *
 * inotify: IN_CREATE, IN_MODIFY, IN_CLOSE_WRITE, IN_MOVED_FROM/TO with a
 * shared cookie, IN_DELETE, and IN_Q_OVERFLOW when the queue fills.
 * fanotify: FAN_OPEN_PERM answered by a listener thread, once with
 * FAN_ALLOW (open succeeds) and once with FAN_DENY (open fails EPERM).
 *
 * One line per check: {"type":"gate","check":...,"status":"pass|fail|skip"},
 * then a summary; the exit status is 1 when a check failed.
 * --variants break-mask watches with a mask that cannot see the events,
 * to show that the gate does fail when its expectations are not met.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <unistd.h>

/* What the gate found: how many checks failed, and the names of the first ones, for stderr. */
struct tally {
	int failures;
	char failed[256];
};

static void verdict(struct tally *tally, const char *check, const char *status, const char *detail)
{
	struct hr_json j;

	hr_json_begin(&j, "gate");
	hr_json_str(&j, "workload", hr_workload.name);
	hr_json_str(&j, "check", check);
	hr_json_str(&j, "status", status);
	hr_json_str(&j, "detail", detail);
	hr_json_print(&j);
	if (!strcmp(status, "fail")) {
		size_t used = strlen(tally->failed);

		tally->failures++;
		snprintf(tally->failed + used, sizeof(tally->failed) - used, "%s%s", used ? ", " : "", check);
	}
}

struct seen {
	uint32_t mask;
	uint32_t cookie;
	char name[NAME_MAX + 1];
};

/* Collects the events queued now (waiting up to 200 ms for the first). */
static int collect(int ifd, struct seen *out, int max)
{
	char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct pollfd p = { .fd = ifd, .events = POLLIN };
	int n = 0;

	while (n < max && poll(&p, 1, n ? 0 : 200) > 0) {
		ssize_t len = read(ifd, buf, sizeof(buf));

		if (len <= 0)
			break;
		for (char *q = buf; q < buf + len && n < max;) {
			struct inotify_event *ev = (void *)q;

			out[n].mask = ev->mask;
			out[n].cookie = ev->cookie;
			snprintf(out[n].name, sizeof(out[n].name), "%s", ev->len ? ev->name : "");
			n++;
			q += sizeof(*ev) + ev->len;
		}
	}
	return n;
}

static const struct seen *find(const struct seen *s, int n, uint32_t mask, const char *name)
{
	for (int i = 0; i < n; i++)
		if ((s[i].mask & mask) && !strcmp(s[i].name, name))
			return &s[i];
	return NULL;
}

static void expect(struct tally *t, const char *check, int ifd, uint32_t mask, const char *name)
{
	struct seen s[64];
	int n = collect(ifd, s, 64);
	char detail[128];

	snprintf(detail, sizeof(detail), "%d event(s) read", n);
	verdict(t, check, find(s, n, mask, name) ? "pass" : "fail", detail);
}

static void inotify_checks(struct tally *t, const char *dir, bool break_mask)
{
	char a[600], b[600];
	struct seen s[64];
	const struct seen *from, *to;
	int ifd, fd, n;

	ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (ifd < 0)
		hr_die("inotify_init1: %s", strerror(errno));
	if (inotify_add_watch(ifd, dir, break_mask ? IN_ACCESS : IN_ALL_EVENTS) < 0)
		hr_die("inotify_add_watch: %s", strerror(errno));
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);

	fd = open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		hr_die("create %s: %s", a, strerror(errno));
	expect(t, "inotify-create", ifd, IN_CREATE, "a");
	if (write(fd, "x", 1) != 1)
		hr_die("write: %s", strerror(errno));
	expect(t, "inotify-modify", ifd, IN_MODIFY, "a");
	close(fd);
	expect(t, "inotify-close-write", ifd, IN_CLOSE_WRITE, "a");

	if (rename(a, b))
		hr_die("rename: %s", strerror(errno));
	n = collect(ifd, s, 64);
	from = find(s, n, IN_MOVED_FROM, "a");
	to = find(s, n, IN_MOVED_TO, "b");
	verdict(t, "inotify-move", from && to && from->cookie && from->cookie == to->cookie ?
		"pass" : "fail", "IN_MOVED_FROM/IN_MOVED_TO with one cookie");

	if (unlink(b))
		hr_die("unlink: %s", strerror(errno));
	expect(t, "inotify-delete", ifd, IN_DELETE, "b");
	close(ifd);
}

static void overflow_check(struct tally *t, const char *dir, bool break_mask)
{
	char path[2][600], q[32] = "";
	long max = 16384;
	struct seen s[4];
	int ifd, fd[2], n;
	bool overflowed = false;
	FILE *f = fopen("/proc/sys/fs/inotify/max_queued_events", "r");

	if (f) {
		if (fgets(q, sizeof(q), f))
			max = atol(q);
		fclose(f);
	}
	if (max > 1 << 20) {
		verdict(t, "inotify-overflow", "skip", "max_queued_events too large to fill");
		return;
	}
	ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (ifd < 0)
		hr_die("inotify_init1: %s", strerror(errno));
	if (inotify_add_watch(ifd, dir, break_mask ? IN_ACCESS : IN_MODIFY) < 0)
		hr_die("inotify_add_watch: %s", strerror(errno));
	for (int i = 0; i < 2; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/o%d", dir, i);
		fd[i] = open(path[i], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd[i] < 0)
			hr_die("create: %s", strerror(errno));
	}
	/* Alternate files so consecutive events never merge. */
	for (long i = 0; i < max + 2; i++)
		if (write(fd[i & 1], "x", 1) != 1)
			hr_die("write: %s", strerror(errno));
	/* The overflow event is queued last; read until it or the end. */
	while ((n = collect(ifd, s, 4)) > 0 && !overflowed)
		for (int i = 0; i < n; i++)
			if (s[i].mask & IN_Q_OVERFLOW)
				overflowed = true;
	verdict(t, "inotify-overflow", overflowed ? "pass" : "fail", "IN_Q_OVERFLOW after max_queued_events+2");
	for (int i = 0; i < 2; i++) {
		close(fd[i]);
		unlink(path[i]);
	}
	close(ifd);
}

struct perm_listener {
	int fan;
	int stop;
	atomic_int answered;
};

static void *perm_main(void *arg)
{
	struct perm_listener *pl = arg;
	char buf[4096] __attribute__((aligned(__alignof__(struct fanotify_event_metadata))));
	struct pollfd p[2] = { { .fd = pl->fan, .events = POLLIN }, { .fd = pl->stop, .events = POLLIN } };

	while (poll(p, 2, -1) > 0 && !(p[1].revents & POLLIN)) {
		ssize_t len = read(pl->fan, buf, sizeof(buf));
		struct fanotify_event_metadata *m = (void *)buf;

		for (; FAN_EVENT_OK(m, len); m = FAN_EVENT_NEXT(m, len)) {
			struct fanotify_response r = { .fd = m->fd, .response = FAN_ALLOW };
			char link[64], target[PATH_MAX] = "";
			ssize_t len_target;

			snprintf(link, sizeof(link), "/proc/self/fd/%d", m->fd);
			len_target = readlink(link, target, sizeof(target) - 1);
			if (len_target > 0)
				target[len_target] = '\0';
			if (strstr(target, "/deny"))
				r.response = FAN_DENY;
			/* Count before answering: the answer wakes the opener. */
			atomic_fetch_add(&pl->answered, 1);
			if (write(pl->fan, &r, sizeof(r)) != sizeof(r))
				hr_die("fanotify response: %s", strerror(errno));
			close(m->fd);
		}
	}
	return NULL;
}

static void fanotify_checks(struct tally *t, const char *dir, bool break_mask)
{
	struct perm_listener pl = { 0 };
	char allow[600], deny[600], detail[128];
	pthread_t listener;
	int p[2], fd, err;

	snprintf(allow, sizeof(allow), "%s/allow", dir);
	snprintf(deny, sizeof(deny), "%s/deny", dir);
	for (int i = 0; i < 2; i++) {
		fd = open(i ? deny : allow, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			hr_die("create: %s", strerror(errno));
		close(fd);
	}
	pl.fan = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC, O_RDONLY);
	if (pl.fan < 0) {
		snprintf(detail, sizeof(detail), "fanotify_init: %s", strerror(errno));
		verdict(t, "fanotify-perm-allow", "skip", detail);
		verdict(t, "fanotify-perm-deny", "skip", detail);
		return;
	}
	if (fanotify_mark(pl.fan, FAN_MARK_ADD, break_mask ? FAN_CLOSE_NOWRITE :
			  FAN_OPEN_PERM | FAN_EVENT_ON_CHILD, AT_FDCWD, dir)) {
		snprintf(detail, sizeof(detail), "fanotify_mark: %s", strerror(errno));
		verdict(t, "fanotify-perm-allow", "skip", detail);
		verdict(t, "fanotify-perm-deny", "skip", detail);
		close(pl.fan);
		return;
	}
	if (pipe(p))
		hr_die("pipe: %s", strerror(errno));
	pl.stop = p[0];
	if (pthread_create(&listener, NULL, perm_main, &pl))
		hr_die("pthread_create");

	fd = open(allow, O_RDONLY);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	snprintf(detail, sizeof(detail), "open: %s", err ? strerror(err) : "ok");
	verdict(t, "fanotify-perm-allow", !err && atomic_load(&pl.answered) >= 1 ? "pass" : "fail", detail);

	fd = open(deny, O_RDONLY);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	snprintf(detail, sizeof(detail), "open: %s", err ? strerror(err) : "ok (not denied)");
	verdict(t, "fanotify-perm-deny", err == EPERM || err == EACCES ? "pass" : "fail", detail);

	if (write(p[1], "x", 1) != 1)
		hr_die("pipe write");
	pthread_join(listener, NULL);
	close(p[0]);
	close(p[1]);
	close(pl.fan);
}

static void *setup(struct hr_opts *o)
{
	/* Correctness is checked once; repetitions are for timing. */
	o->reps = 1;
	return hr_alloc(1, sizeof(struct tally));
}

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	bool break_mask = hr_has_variant(o, "break-mask");
	char dir[512];

	(void)c;
	hr_make_workdir(o, dir, sizeof(dir));
	inotify_checks(state, dir, break_mask);
	overflow_check(state, dir, break_mask);
	fanotify_checks(state, dir, break_mask);
	hr_remove_tree(dir);
}

/*
 * Exit 1 when a check failed: the result lines hold the details and the
 * kernel gets no verdict; a person running the gate by hand reads why on
 * stderr.
 */
static int teardown(const struct hr_opts *o, void *state)
{
	struct tally *t = state;
	struct hr_json j;

	(void)o;
	hr_json_begin(&j, "gate-summary");
	hr_json_str(&j, "workload", hr_workload.name);
	hr_json_int(&j, "failures", t->failures);
	hr_json_print(&j);
	if (t->failures)
		fprintf(stderr, "fsnotify-gate: %d check(s) failed: %s\n", t->failures, t->failed);
	return t->failures ? 1 : 0;
}

const struct workload hr_workload = {
	.name = "fsnotify-gate",
	.usage = "usage: fsnotify-gate [--variants break-mask]\n",
	.label = "check",
	.mask = "IN_ALL_EVENTS",
	.setup = setup,
	.run = run,
	.teardown = teardown,
};
