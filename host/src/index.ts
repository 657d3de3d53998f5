// The host's shared singletons are eager (webpack.config.ts): they are in this chunk, so there is no
// async boundary to wait for before React runs.
import './bootstrap';
