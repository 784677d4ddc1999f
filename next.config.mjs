// Headers of every response, pages and API alike: no MIME sniffing (a stored file is never
// run as a script or page), no framing, and no full URLs (paths, ids) in Referer to other sites.
const everywhere = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
];
// Downloads decide their own Referrer-Policy: no-referrer when the token rides in the URL.
const referrer = [{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }];

// next-auth's endpoints (/auth) are JSON and redirects, apart from its sign-out confirmation
// page: inline styles and a form, no script. The pages' own policy comes from proxy.ts.
const authPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [
      { source: "/:path*", headers: everywhere },
      { source: "/((?!api/download/).*)", headers: referrer },
      { source: "/auth/:path*", headers: [{ key: "Content-Security-Policy", value: authPolicy }] },
    ];
  },
  poweredByHeader: false,
  // Native addons and packages that load files relative to themselves stay outside the bundle.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "busboy",
    "@evan/opus",
    "mediabunny",
    "ogg-opus-decoder",
    "codec-parser",
    "@alexanderolsen/libsamplerate-js",
    "@aws-sdk/client-s3",
    "@aws-sdk/lib-storage",
    "ws",
    "piscina",
  ],
  // The API is strict about its paths (no redirects that would drop a POST body).
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
