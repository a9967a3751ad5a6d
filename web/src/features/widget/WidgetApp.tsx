/** Public chat widget at /widget/{uid} (issue 6). Placeholder until the widget slice lands. */
export function WidgetApp({ uid }: { uid: string }) {
  return <main data-uid={uid}>Chat no disponible.</main>;
}
