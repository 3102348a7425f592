#!/usr/bin/env bash
# Turn Debian's linux-source-6.12 tarball into a git tree fsnbot can use as
# --tree: one commit, tagged after the package version. Author, committer
# and dates are fixed so every machine gets the same commit id for the same
# package version, which keeps the persistent build cache keyed correctly.
set -euo pipefail

dest=${1:?usage: linux-source-tree.sh DEST_DIR}
tarball=/usr/src/linux-source-6.12.tar.xz
[ -r "$tarball" ] || { echo "missing $tarball: apt-get install linux-source-6.12" >&2; exit 1; }
version=$(dpkg-query -W -f='${Version}' linux-source-6.12)
tag="debian-linux-source-${version//[~:]/_}"

if git -C "$dest" rev-parse -q --verify "refs/tags/$tag" >/dev/null 2>&1; then
	echo "$dest already holds $tag"
	exit 0
fi
if [ -e "$dest" ] && [ -n "$(ls -A "$dest" 2>/dev/null)" ]; then
	echo "$dest exists and is not a linux-source tree made by this script" >&2
	exit 1
fi

tmp="$dest.partial"
rm -rf "$tmp"
mkdir -p "$tmp"
echo "extracting $tarball ($version)"
tar -xJf "$tarball" -C "$tmp" --strip-components=1
cd "$tmp"
git init -q -b main
git config core.autocrlf false
git config gc.auto 0
echo "importing into git"
# Debian's tarball ships a .gitignore that ignores everything (/*).
git add -A -f
export GIT_AUTHOR_NAME="Debian linux-source" GIT_AUTHOR_EMAIL="debian-kernel@lists.debian.org"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
git commit -q -m "Linux $version from Debian's linux-source-6.12"
git tag "$tag"
cd - >/dev/null
mv "$tmp" "$dest"
echo "$dest: $tag $(git -C "$dest" rev-parse HEAD)"
