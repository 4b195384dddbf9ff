// Route and component tests (happy-dom) wait for what a page does after a render: a loader's read
// of a cold database, a lazily loaded part. Testing Library gives such waits one second, which a
// loaded 2-core machine can pass on the first page of a run, so a wait for something that does
// happen failed now and then. Ten seconds bounds a wait for what never happens just as well.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/dom");
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
