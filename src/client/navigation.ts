/** Where the browser goes; tests replace `go` to record the address instead. */
export const navigation = { go: (url: string) => window.location.assign(url) };
