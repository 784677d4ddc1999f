// Runs in the browser before the app's own code. zod compiles object parsers with
// `new Function` when it may; its probe for that is an eval the pages' Content-Security-Policy
// forbids (and reports), so in the browser it parses without compiling. zod reads this
// shared object when it loads, or already holds it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;
