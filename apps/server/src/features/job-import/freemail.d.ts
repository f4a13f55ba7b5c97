// The freemail package (free and disposable e-mail domains, from its data files) ships no types.
declare module 'freemail' {
  const freemail: {
    /** Whether the address's registrable domain is a free-mail or disposable provider's. */
    isFree(email: string): boolean;
    isDisposable(email: string): boolean;
  };
  export default freemail;
}
