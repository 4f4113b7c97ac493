import type { ModalProps } from '@mantine/core';
import { loadAfterPaint } from './load-after-paint';

const useModal = loadAfterPaint<ModalProps>(() => import('./modal.part').then((m) => m.Modal));

/**
 * Mantine's Modal, whose code downloads after the page's first paint: closed, a Modal draws nothing, so a
 * page that may need one later does not carry it in its first load. Opened before the code is in, it shows
 * as soon as the download ends.
 */
export const DeferredModal = (props: ModalProps) => {
  const Modal = useModal(props.opened);
  return Modal ? <Modal {...props} /> : null;
};
