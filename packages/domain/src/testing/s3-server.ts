import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3Settings } from "../shared/file-store";

/** The part of s3rver (the maintained @20minutes fork; it ships no types) that the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** How s3rver names an object's content file in its folder: `{bucket}/{key}._S3rver_object`. */
const OBJECT_SUFFIX = "._S3rver_object";

/** s3rver's built-in key pair; requests are SigV4-signed with it and checked by the server. */
const KEY = "S3RVER";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Settings for `createFileStore({ dataDir, s3 })`, with the server's credentials. */
  settings: S3Settings;
  /** The same as environment variables, for `loadConfig` (credentials through the SDK's default chain). */
  env: Record<string, string>;
  /** Where the server keeps the bucket's objects on disk. */
  directory: string;
  /**
   * The keys in the bucket under `prefix`, sorted, read from the server's folder (s3rver answers listings with a
   * signature mismatch against SDK v3; the application never lists, so the tests look on disk).
   */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) on a free loopback port, with one empty bucket, its
 * objects in a temporary folder. It speaks the S3 REST API the AWS SDK uses: SigV4 auth, multipart uploads,
 * ranged GETs, HEAD, DELETE.
 */
export async function startTestS3(bucket = "leadflow-test"): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), "leadflow-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const credentials = { accessKeyId: KEY, secretAccessKey: KEY };
  return {
    endpoint,
    bucket,
    settings: { bucket, region, endpoint, prefix: "leadflow", credentials },
    env: {
      LEADFLOW_S3_BUCKET: bucket,
      LEADFLOW_S3_REGION: region,
      LEADFLOW_S3_ENDPOINT: endpoint,
      LEADFLOW_S3_PREFIX: "leadflow",
      AWS_ACCESS_KEY_ID: KEY,
      AWS_SECRET_ACCESS_KEY: KEY,
    },
    directory,
    async keys(prefix = "") {
      const files = await readdir(join(directory, bucket), { recursive: true });
      return files
        .filter((f) => f.endsWith(OBJECT_SUFFIX))
        .map((f) => f.slice(0, -OBJECT_SUFFIX.length))
        .filter((k) => k.startsWith(prefix))
        .sort();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
