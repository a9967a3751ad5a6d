/** The owner's mobile command chat at /chat/{uid} (issue 6). Placeholder until the chat slice lands. */
export function ChatApp({ uid }: { uid: string }) {
  return <main data-uid={uid}>Chat no disponible.</main>;
}
