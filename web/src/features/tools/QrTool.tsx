/**
 * 'Conectar Móvil' (spec 2 "Modals"): a QR code drawn in the browser with the `qrcode` package
 * (no third-party service), QR_SIZE_PX square, encoding `{origin}/chat/{uid}`, with the link
 * itself below. Lazily loaded, so `qrcode` never reaches the login screen.
 */
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { MSG, QR_SIZE_PX } from '@director-ia/shared';
import { useSessionUid } from '../../lib/authContext';
import { chatLink } from './links';
import styles from './Tools.module.css';

export default function QrTool() {
  const uid = useSessionUid();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const link = uid ? chatLink(window.location.origin, uid) : '';

  useEffect(() => {
    if (!canvas.current || !link) return;
    QRCode.toCanvas(canvas.current, link, { width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' }).catch((error: unknown) => {
      console.error('[qr] could not draw the code', error);
      setFailed(true);
    });
  }, [link]);

  if (!uid) return <p role="alert">{MSG.notAuthenticated}</p>;
  return (
    <div className={styles.tool}>
      <p className={styles.lead}>Escanea el código con la cámara de tu móvil para abrir el chat con tu IA. Desde el navegador podrás instalarlo como aplicación.</p>
      <div className={styles.qrFrame}>
        {failed ? (
          <p role="alert">No se pudo dibujar el código QR.</p>
        ) : (
          <canvas ref={canvas} width={QR_SIZE_PX} height={QR_SIZE_PX} style={{ width: QR_SIZE_PX, height: QR_SIZE_PX }} role="img" aria-label={`Código QR de ${link}`} data-testid="qr-code" />
        )}
      </div>
      <p className={styles.linkLine}>
        <span>O abre este enlace en el móvil:</span>
        <a href={link} target="_blank" rel="noreferrer" className={styles.link}>
          {link}
        </a>
      </p>
    </div>
  );
}
