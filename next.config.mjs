/** @type {import('next').NextConfig} */
const nextConfig = {
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
  ],
  // The API is strict about its paths (no redirects that would drop a POST body).
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
