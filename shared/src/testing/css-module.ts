/** CSS modules in tests: every class name is its own key. */
const classes = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? key : undefined) });
export default classes;
