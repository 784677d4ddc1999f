// Settings shared by playwright.config.ts (which starts the servers) and the tests.
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "test-admin-password-1234";

// TEST_PORT moves both servers (e.g. when two test runs share a machine).
const base = Number(process.env.TEST_PORT || 3101);
export const PORTS = { sqlite: base, postgres: base + 1 } as const;
