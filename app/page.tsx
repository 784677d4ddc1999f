export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-10">
      <h1 className="text-2xl font-semibold">Speech training platform</h1>
      <p className="mt-4 text-slate-600">
        The HTTP/JSON API is served under <code className="rounded bg-slate-200 px-1">/api</code>. Check{" "}
        <a className="text-blue-700 underline" href="/api/health">/api/health</a> for readiness.
      </p>
    </main>
  );
}
