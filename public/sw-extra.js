// Imported by the generated service worker (scripts/sw.mjs). The app's update
// prompt (leptos-use's use_service_worker) asks a waiting worker to take over
// with the plain message 'skipWaiting'.
self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});
