#!/usr/bin/env bash
# Checks out every server of servers/*.json at its pinned commit and installs its dependencies without
# running any of its scripts. The repositories must already be on the machine (the `fetch` tool puts them
# under /work/.mirror/<owner>+<name>/); see README.md. Usage: bench/real-servers/setup.sh [id ...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${MCP_GUARD_MIRRORS:-/work/.mirror}
checkouts=${MCP_GUARD_CHECKOUTS:-/work/real-servers/checkouts}
mkdir -p "$checkouts"
status=0
for spec in "$here"/servers/*.json; do
  read -r id repo commit root < <(node -e 'const j=require(process.argv[1]);console.log(j.id,j.repo,j.commit,j.root||".")' "$spec")
  if [[ $# -gt 0 && ! " $* " =~ " $id " ]]; then continue; fi
  gitdir=$(ls -d "$mirrors/${repo/\//+}"/*/ 2>/dev/null | head -1)
  into="$checkouts/$id"
  if [[ -z "$gitdir" ]]; then echo "$id: no mirror of $repo under $mirrors (fetch github:$repo first)"; status=1; continue; fi
  if [[ ! -d "$into" ]]; then
    # Snapshots lack blobs of 4 MiB and more; check out everything else.
    git --git-dir="$gitdir" worktree add --no-checkout --detach "$into" "$commit" >/dev/null 2>&1 ||
      { echo "$id: cannot add a worktree at $commit"; status=1; continue; }
    (cd "$into" && git ls-tree -r -l HEAD | awk '$4 != "-" && $4 < 4194304 { sub(/^[^\t]*\t/, ""); print }' > .mcp-guard-paths &&
      git checkout HEAD --pathspec-from-file=.mcp-guard-paths 2>/dev/null; rm -f .mcp-guard-paths)
  fi
  pkg="$into/$root"
  if [[ ! -d "$pkg/node_modules" ]]; then
    (cd "$pkg" &&
      if [[ -f pnpm-lock.yaml ]]; then npx --yes pnpm@9 install --ignore-scripts --reporter=silent
      elif [[ -f yarn.lock && ! -f package-lock.json ]]; then npx --yes yarn@1 install --ignore-scripts --silent
      else npm install --ignore-scripts --no-audit --no-fund --loglevel=error; fi) > "$checkouts/$id.install.log" 2>&1 ||
      echo "$id: install failed, see $checkouts/$id.install.log (typed results will be partial)"
  fi
  echo "$id: $(git -C "$into" rev-parse --short HEAD) $(ls -d "$pkg/node_modules" >/dev/null 2>&1 && echo installed || echo 'no node_modules')"
done
exit $status
