import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { assetUrl } from '../lib/asset-url';
import { UPLOAD_FAILED, uploadImage } from '../api/upload-image';
import { isApiError } from '../api/api-client';
import { Typography } from './typography';

interface ProfileImageFieldProps {
  /** The uploaded image's path (`url` of the upload answer) or a Google picture. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** Set by Form.Item so its label points at the file input. */
  id?: string;
  disabled?: boolean;
}

/** Profile picture: uploads the chosen file to POST /home/uploads at once and shows it; the API's refusal shows below. */
export function ProfileImageField({ value, onChange, id, disabled }: ProfileImageFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    setError(null);
    uploadImage(file as File)
      .then((answer) => {
        onChange?.(answer.url);
        onSuccess?.(answer);
      })
      .catch((reason: unknown) => {
        setError(isApiError(reason) ? reason.message : UPLOAD_FAILED);
        onError?.(reason instanceof Error ? reason : new Error(UPLOAD_FAILED));
      })
      .finally(() => setUploading(false));
  };

  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap="middle" wrap>
        {value ? (
          <img
            src={assetUrl(value)}
            alt="Vista previa de la imagen de perfil"
            data-testid="profile-image-preview"
            width={72}
            height={72}
            style={{ borderRadius: '50%', objectFit: 'cover' }}
          />
        ) : (
          <Avatar size={72} icon={<UserOutlined />} />
        )}
        <Upload
          id={id}
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          customRequest={customRequest}
          disabled={disabled || uploading}
          data-testid="profile-image-input"
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {value ? 'Cambiar imagen' : 'Subir imagen'}
          </Button>
        </Upload>
        {value && !uploading && (
          <Button type="link" onClick={() => onChange?.(null)} disabled={disabled}>
            Quitar
          </Button>
        )}
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="profile-image-error">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
