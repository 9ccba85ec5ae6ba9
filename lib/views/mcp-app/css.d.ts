// esbuild loads the views' stylesheet as text (scripts/build-views.mjs) to inline it in each document.
declare module '@/lib/views/views.css' {
  const css: string;
  export default css;
}
