// npm run restore -- <dir>: puts a backup made by `npm run backup` into DATA_DIR (the SQLite file
// of DATABASE_URL and $DATA_DIR/files). Run it with the app stopped. It refuses a data directory
// that already holds a database unless given --force (then the database and the stored files are
// replaced). The backup is checked first (manifest, database hash, every stored file's SHA-256).
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { embeddedPaths, MANIFEST, type Manifest, sha256File, verify } from "./backup";

export async function restore(
  source: string,
  { force = false, env = process.env }: { force?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Manifest> {
  const { dataDir, dbFile } = embeddedPaths(env);
  const manifest = JSON.parse(await fsp.readFile(path.join(source, MANIFEST), "utf8")) as Manifest;
  const dbCopy = path.join(source, manifest.database);
  if ((await sha256File(dbCopy)) !== manifest.sha256)
    throw new Error("The backup's database does not match its manifest");
  const problems = await verify(dbCopy, source);
  if (problems.length) throw new Error(`The backup is damaged:\n- ${problems.join("\n- ")}`);
  if (fs.existsSync(dbFile) && !force) throw new Error(`${dbFile} exists: stop the app and pass --force to replace it`);

  await fsp.mkdir(path.dirname(dbFile), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) await fsp.rm(dbFile + suffix, { force: true });
  await fsp.copyFile(dbCopy, dbFile);
  const files = path.join(dataDir, "files");
  await fsp.rm(files, { recursive: true, force: true });
  await fsp.cp(path.join(source, "files"), files, { recursive: true });
  const after = await verify(dbFile, dataDir);
  if (after.length) throw new Error(`Restored, but files are missing or differ:\n- ${after.join("\n- ")}`);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith("--"));
  if (!source) {
    console.error("Usage: npm run restore -- <backup directory> [--force]");
    process.exit(2);
  }
  restore(path.resolve(source), { force: args.includes("--force") }).then(
    (m) => console.log(`Restored the backup of ${m.created} (${m.files} files) into ${embeddedPaths().dataDir}`),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
