// SPDX-License-Identifier: GPL-2.0
/*
 * echo: a workload that says back what --variants holds, as a row name, a
 * parameter and a skip reason.  Not part of any profile: the native tests
 * build it to feed the harness's JSON emitter hostile text.
 */
#include "../harness.h"

static void run(const struct hr_opts *o, const struct hr_case *c, void *state)
{
	struct hr_row r = { .mode = "none", .row = o->variants, .params = { HR_STR("echo", o->variants) } };

	(void)state;
	hr_result(c, &r, "one", 1, "count", HR_LOWER);
	hr_skip("echo", o->variants);
}

const struct workload hr_workload = {
	.name = "echo",
	.usage = "usage: echo --variants TEXT\n",
	.label = "text",
	.mask = "none",
	.run = run,
};
