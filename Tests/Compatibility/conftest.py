"""Fixtures for driving a running boxlike-server with Box's official Python SDK.

run.sh starts the server with `--write-credentials` and `--write-jwt-config` and passes the
two files' paths in BOXLIKE_CREDENTIALS and BOXLIKE_JWT_CONFIG. Every client is built the way
Box's documentation shows (an auth object, a BoxClient, BaseUrls pointed at the server), so
what works here works for anyone using the SDK against the server.
"""

import io
import json
import os
import uuid

import pytest
from box_sdk_gen import (
    BaseUrls,
    BoxCCGAuth,
    BoxClient,
    BoxDeveloperTokenAuth,
    BoxJWTAuth,
    CCGConfig,
    CreateCollaborationAccessibleBy,
    CreateCollaborationAccessibleByTypeField,
    CreateCollaborationItem,
    CreateCollaborationItemTypeField,
    CreateCollaborationRole,
    CreateFolderParent,
    JWTConfig,
    NetworkSession,
    UploadFileAttributes,
    UploadFileAttributesParentField,
)
from box_sdk_gen.networking.retries import BoxRetryStrategy


def _required_env(name):
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set: start the suite with Tests/Compatibility/run.sh", returncode=2)
    return value


@pytest.fixture(scope="session")
def credentials():
    """The server's URLs, clients, users and developer tokens (its --write-credentials file)."""
    with open(_required_env("BOXLIKE_CREDENTIALS"), encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="session")
def jwt_config_json():
    """The seeded JWT app's settings, as Box's developer console writes them."""
    with open(_required_env("BOXLIKE_JWT_CONFIG"), encoding="utf-8") as handle:
        return handle.read()


@pytest.fixture(scope="session")
def base_urls(credentials):
    """Box's three base URLs, pointed at the server: the SDK appends `/2.0/...` to base_url and
    upload_url, and `/oauth2/token` to base_url."""
    origin = credentials["origin"]
    return BaseUrls(base_url=origin, upload_url=origin + "/api", oauth_2_url=credentials["oauth2_url"])


@pytest.fixture(scope="session")
def make_client(base_urls):
    """Builds a BoxClient for an auth object. A short retry interval keeps a divergence that
    answers 5xx from costing the suite Box's full back-off; nothing else differs from the
    SDK's defaults."""

    def build(auth):
        session = NetworkSession(base_urls=base_urls, retry_strategy=BoxRetryStrategy(retry_base_interval=0.1))
        return BoxClient(auth=auth, network_session=session)

    return build


@pytest.fixture(scope="session")
def admin(credentials, make_client):
    """The enterprise admin, signed in with a developer token."""
    return make_client(BoxDeveloperTokenAuth(token=credentials["admin_user"]["developer_token"]))


@pytest.fixture(scope="session")
def alice(credentials, make_client):
    """The first app user, signed in with a developer token."""
    return make_client(BoxDeveloperTokenAuth(token=credentials["app_users"][0]["developer_token"]))


@pytest.fixture(scope="session")
def ccg_config(credentials):
    """The CCG app's settings with the enterprise as subject."""
    client = credentials["clients"]["ccg"]
    return CCGConfig(client_id=client["id"], client_secret=client["secret"], enterprise_id=credentials["enterprise_id"])


@pytest.fixture(scope="session")
def service(ccg_config, make_client):
    """The enterprise's service account, signed in with Client Credentials Grant."""
    return make_client(BoxCCGAuth(config=ccg_config))


@pytest.fixture(scope="session")
def jwt_auth(jwt_config_json):
    """BoxJWTAuth for the seeded JWT app, enterprise subject."""
    return BoxJWTAuth(config=JWTConfig.from_config_json_string(jwt_config_json))


@pytest.fixture
def workspace(admin):
    """A fresh folder in the admin's root, so scenarios never see each other's items."""
    return admin.folders.create_folder(f"compat-{uuid.uuid4().hex[:12]}", CreateFolderParent(id="0"))


@pytest.fixture
def upload(admin):
    """Uploads bytes into a folder as the admin (or another client) and returns the new file."""

    def put(folder_id, name, content, client=None):
        files = (client or admin).uploads.upload_file(
            UploadFileAttributes(name=name, parent=UploadFileAttributesParentField(id=folder_id)),
            io.BytesIO(content),
        )
        return files.entries[0]

    return put


def collaborate(client, folder_id, user_id, role=CreateCollaborationRole.EDITOR):
    """Invites a user to a folder with a role and returns the collaboration."""
    return client.user_collaborations.create_collaboration(
        CreateCollaborationItem(type=CreateCollaborationItemTypeField.FOLDER, id=folder_id),
        CreateCollaborationAccessibleBy(type=CreateCollaborationAccessibleByTypeField.USER, id=user_id),
        role)


def read_all(stream):
    """Every byte of a download stream the SDK returns."""
    return stream.read()


def unique(prefix):
    """A name no other scenario uses."""
    return f"{prefix}-{uuid.uuid4().hex[:10]}"
