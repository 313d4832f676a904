/** A page for when React cannot run: plain HTML, the app's own classes. */
export const plainMessage = (title: string, text: string) =>
  '<main class="mx-auto my-16 max-w-lg px-4 font-sans">' +
  `<h1 class="mb-3 text-2xl font-semibold">${title}</h1><p>${text}</p></main>`
