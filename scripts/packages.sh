# Sourced by the set-up scripts: the Debian packages fsnbot needs, in two
# groups, so that scripts/test.sh can install the kernel's while the unit
# tests (which need none of them) run.
packages=(
	openjdk-17-jdk-headless maven git gcc make libc6-dev
	qemu-system-x86 busybox-static cpio e2fsprogs
	public-inbox curl procps bubblewrap util-linux libseccomp-dev
)
# What building kernels takes: the source package and its build tools.
kernel_packages=(linux-source-6.12 flex bison bc libelf-dev libssl-dev ccache xz-utils lz4)
